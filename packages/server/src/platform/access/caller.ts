import type { EntityType } from '@zorgportaal/contract';

/** Who is calling: set by the access hook on every authenticated /api request (`callerOf(request)`). */
export interface Caller {
  accountId: number;
  personId: number | null;
  entityId: number;
  entityType: EntityType;
  username: string;
  permissions: ReadonlySet<string>;
  roles: string[];
  sessionId: string;
}
