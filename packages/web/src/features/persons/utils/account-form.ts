import {
  accountLinkBodySchema,
  accountUpdateBodySchema,
  PRODUCT_ID,
  type Account,
  type AccountLinkBody,
  type AccountUpdateBody,
} from '@zorgportaal/contract';
import type { FormErrors } from '@mantine/form';
import { contractResolver, issuesByPath } from '../../../lib/form.ts';
import type { FormCheck } from './person-form.ts';

/** The account form as typed. Ids as strings, the way Mantine's checkbox groups and selects hold them. */
export interface AccountFormValues {
  username: string;
  emails: string[];
  employeeNumber: string;
  roleIds: string[];
  teamIds: string[];
  sendTo: string[];
  receivesFrom: string[];
  productIds: string[];
  /** YYYY-MM-DD or ''. */
  activeStart: string;
  activeEnd: string;
}

/** A new account: one empty e-mail row and the portal product, so the user can log in. */
export const newAccountForm = (): AccountFormValues => ({
  username: '',
  emails: [''],
  employeeNumber: '',
  roleIds: [],
  teamIds: [],
  sendTo: [],
  receivesFrom: [],
  productIds: [String(PRODUCT_ID)],
  activeStart: '',
  activeEnd: '',
});

const ids = (refs: { Id: number }[]) => refs.map((ref) => String(ref.Id));

export function accountToForm(account: Account): AccountFormValues {
  return {
    username: account.Username,
    emails: account.EmailAddress.length > 0 ? account.EmailAddress : [''],
    employeeNumber: account.EmployeeNumber ?? '',
    roleIds: ids(account.Roles),
    teamIds: ids(account.Teams),
    sendTo: ids(account.GroupsSendTo),
    receivesFrom: ids(account.GroupsReceivesFrom),
    productIds: account.AccountSubscription.map((s) => String(s.ProductId)),
    activeStart: account.AccountActivePeriod?.Start?.slice(0, 10) ?? '',
    activeEnd: account.AccountActivePeriod?.End?.slice(0, 10) ?? '',
  };
}

type Subscription = Account['AccountSubscription'][number];

/** The body fields shared by link and update; an existing subscription keeps its own period. */
export function accountFormToBody(values: AccountFormValues, current: Subscription[] = []) {
  const numbers = (list: string[]) => list.map(Number);
  const emails = values.emails.map((e) => e.trim()).filter(Boolean);
  const start = values.activeStart || null;
  const end = values.activeEnd || null;
  return {
    Username: values.username,
    EmailAddress: emails,
    EmployeeNumber: values.employeeNumber.trim() || null,
    RoleIds: numbers(values.roleIds),
    TeamIds: numbers(values.teamIds),
    GroupsSendTo: numbers(values.sendTo),
    GroupsReceivesFrom: numbers(values.receivesFrom),
    AccountSubscription: numbers(values.productIds).map(
      (id) => current.find((s) => s.ProductId === id) ?? { ProductId: id, Start: null, End: null },
    ),
    AccountActivePeriod: start || end ? { Start: start, End: end } : null,
  };
}

/** Checks a new account with the contract's accountLinkBodySchema (errors keyed like the server's Fields). */
export function checkLinkForm(values: AccountFormValues): FormCheck<AccountLinkBody> {
  const parsed = accountLinkBodySchema.safeParse(accountFormToBody(values));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: issuesByPath(parsed.error.issues) };
}

/** Checks an account edit with accountUpdateBodySchema; Active is left alone (it has its own actions). */
export function checkUpdateForm(values: AccountFormValues, account: Account): FormCheck<AccountUpdateBody> {
  const parsed = accountUpdateBodySchema.safeParse(accountFormToBody(values, account.AccountSubscription));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: issuesByPath(parsed.error.issues) };
}

/** The form field under which a body path's message shows (the form holds ids as strings, dates apart). */
const FORM_FIELDS: Record<string, keyof AccountFormValues> = {
  Username: 'username',
  EmailAddress: 'emails',
  EmployeeNumber: 'employeeNumber',
  RoleIds: 'roleIds',
  TeamIds: 'teamIds',
  GroupsSendTo: 'sendTo',
  GroupsReceivesFrom: 'receivesFrom',
  AccountSubscription: 'productIds',
  'AccountActivePeriod.Start': 'activeStart',
  'AccountActivePeriod.End': 'activeEnd',
  AccountActivePeriod: 'activeEnd',
};

/** Messages keyed by body path (the contract's or a server 400's `Fields`) moved to the form's paths. */
export function accountFormErrors(errors: Record<string, unknown>): FormErrors {
  const moved: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const email = /^EmailAddress\.(\d+)$/.exec(path);
    const field = email ? `emails.${email[1]}` : (FORM_FIELDS[path] ?? FORM_FIELDS[path.split('.')[0] ?? '']);
    if (field && !(field in moved)) moved[field] = message as string;
  }
  return moved;
}

/** The form's validate: the body it would send, checked by the contract schema the server uses. */
export function accountFormResolver(account: Account | null): (values: AccountFormValues) => FormErrors {
  const resolve = contractResolver(account ? accountUpdateBodySchema : accountLinkBodySchema);
  return (values) => accountFormErrors(resolve(accountFormToBody(values, account?.AccountSubscription)));
}
