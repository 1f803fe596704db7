import { Title, type TitleProps } from '@mantine/core';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface PageHeadingProps extends Omit<TitleProps, 'order' | 'children'> {
  /** The translated page title; it is also the start of document.title. */
  title: string;
}

/** The page's one h1; every page uses it so the heading and the tab title always agree. */
export function PageHeading({ title, ...props }: PageHeadingProps) {
  useDocumentTitle(title);
  return (
    <Title order={1} size="h2" data-testid="page-heading" {...props}>
      {title}
    </Title>
  );
}
