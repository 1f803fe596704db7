import { Table } from '@mantine/core';

/**
 * A table's header row from its translated column labels, in order. A table keeps the same labels for its
 * cells' `data-label`, which names the column when the rows stack as cards (stacked-table.module.css).
 */
export function TableHead({ columns }: { columns: Record<string, string> }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {Object.entries(columns).map(([key, label]) => (
          <Table.Th key={key}>{label}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
