/**
 * Burgerservicenummer check (elfproef): nine digits d1…d9 with
 * 9·d1 + 8·d2 + … + 2·d8 − 1·d9 divisible by 11. All zeros passes the sum but is not issued, so it is refused.
 */
export function isValidBsn(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(value[i]) * (9 - i);
  sum -= Number(value[8]);
  return sum % 11 === 0;
}
