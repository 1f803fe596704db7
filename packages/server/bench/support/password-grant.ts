import { DEMO_PASSWORD } from '../../src/seed/demo-data.ts';

/** The form body of the portal's password grant, as the login page sends it (a demo user by default). */
export const passwordGrantForm = (username: string, password = DEMO_PASSWORD): string =>
  new URLSearchParams({
    grant_type: 'password',
    client_id: '1',
    product_id: '1',
    username,
    password,
  }).toString();
