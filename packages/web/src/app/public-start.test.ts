import { describe, expect, it } from 'vitest';
import { visitStart } from './public-start.ts';

const at = (path: string) => {
  const url = new URL(path, 'http://portal.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('where a visit starts', () => {
  it('starts /login in the public app, logged in or not', () => {
    expect(visitStart(at('/login'), false)).toEqual({ app: 'public' });
    expect(visitStart(at('/login'), true)).toEqual({ app: 'public' });
  });

  it('sends a logged-out deep link to /login at once, keeping where the visitor was, as RequireAuth does', () => {
    expect(visitStart(at('/management/log?page=2#top'), false)).toEqual({
      app: 'public',
      redirect: { state: { from: { pathname: '/management/log', search: '?page=2', hash: '#top' } } },
    });
    expect(visitStart(at('/'), false)).toEqual({
      app: 'public',
      redirect: { state: { from: { pathname: '/', search: '', hash: '' } } },
    });
  });

  it('sends a logged-out unknown path to /login without an origin, as the catch-all route does', () => {
    expect(visitStart(at('/no-such-page'), false)).toEqual({ app: 'public', redirect: { state: {} } });
  });

  it('leaves the other public pages and every logged-in visit to the full app', () => {
    expect(visitStart(at('/forget-password'), false)).toEqual({ app: 'full' });
    expect(visitStart(at('/change-password/abc123'), false)).toEqual({ app: 'full' });
    expect(visitStart(at('/not-me/abc123'), false)).toEqual({ app: 'full' });
    expect(visitStart(at('/logout'), false)).toEqual({ app: 'full' });
    expect(visitStart(at('/management/log'), true)).toEqual({ app: 'full' });
    expect(visitStart(at('/no-such-page'), true)).toEqual({ app: 'full' });
  });
});
