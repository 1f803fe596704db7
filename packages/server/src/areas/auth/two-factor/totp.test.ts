import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { generateSecret, otpauthUrl, qrCodeDataUrl, timeStep, totpCode, verifyTotp } from './totp.ts';

/** The RFC 6238 Appendix B SHA-1 seed: ASCII "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** Debian's oathtool (OATH Toolkit), an implementation independent of the otpauth package. */
function findOathtool(): string | null {
  try {
    execFileSync('oathtool', ['--version'], { stdio: 'ignore' });
    return 'oathtool';
  } catch {
    return null;
  }
}
const oathtool = findOathtool();
if (!oathtool && process.env.OATHTOOL_REQUIRED === '1') {
  throw new Error(
    'oathtool is required (OATHTOOL_REQUIRED=1) but not installed: apt-get install -y oathtool',
  );
}
if (!oathtool) {
  console.warn('oathtool not found: skipping the independent TOTP check (apt-get install -y oathtool)');
}

const oath = (secret: string, at?: number): string =>
  execFileSync('oathtool', ['--totp', '-b', ...(at === undefined ? [] : [`--now=@${at}`]), secret], {
    encoding: 'utf8',
  }).trim();

describe('RFC 6238 Appendix B (SHA-1, 8 digits)', () => {
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('T=%i gives %s', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, { timestamp: seconds * 1000, digits: 8 })).toBe(expected);
  });
  it('6-digit codes are the last 6 digits of the same value', () => {
    expect(totpCode(RFC_SECRET, { timestamp: 59_000 })).toBe('287082');
  });
});

describe.skipIf(!oathtool)('against oathtool', () => {
  it('a code from `oathtool --totp -b SECRET` verifies now', () => {
    const secret = generateSecret();
    const code = oath(secret);
    const now = Date.now();
    const result = verifyTotp(secret, code, null, now);
    expect(result).toEqual({ ok: true, step: expect.any(Number) });
    // oathtool ran a moment ago: its step is this one or, across a boundary, the one before.
    if (result.ok) expect(timeStep(now) - result.step).toBeLessThanOrEqual(1);
  });

  it('gives the same codes as oathtool for random secrets and times', () => {
    for (let i = 0; i < 10; i++) {
      const secret = generateSecret();
      const at = 1_500_000_000 + Math.floor(Math.random() * 500_000_000);
      expect(totpCode(secret, { timestamp: at * 1000 })).toBe(oath(secret, at));
    }
  });

  it('agrees on the RFC secret with 8 digits', () => {
    const out = execFileSync('oathtool', ['--totp', '-b', '-d', '8', '--now=@59', RFC_SECRET], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('94287082');
  });
});

describe('generateSecret', () => {
  it('is 160 bits of base32 (32 characters, no padding) and different each time', () => {
    const a = generateSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateSecret()).not.toBe(a);
  });
});

describe('otpauthUrl and QR code', () => {
  it('builds a key URI with issuer Zorgportaal and the fixed parameters', () => {
    const secret = generateSecret();
    const url = new URL(otpauthUrl(secret, 'jan.jansen'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Zorgportaal:jan.jansen');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Zorgportaal',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('renders a PNG data URL', async () => {
    const data = await qrCodeDataUrl(otpauthUrl(generateSecret(), 'jan'));
    expect(data).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(data.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});

describe('verifyTotp', () => {
  const secret = generateSecret();
  const now = 1_700_000_015_000; // 15 s into a step
  const step = timeStep(now);
  const codeAt = (s: number) => totpCode(secret, { timestamp: s * 30_000 });

  it('accepts the current step and one either side, not two', () => {
    expect(verifyTotp(secret, codeAt(step), null, now)).toEqual({ ok: true, step });
    expect(verifyTotp(secret, codeAt(step - 1), null, now)).toEqual({ ok: true, step: step - 1 });
    expect(verifyTotp(secret, codeAt(step + 1), null, now)).toEqual({ ok: true, step: step + 1 });
    expect(verifyTotp(secret, codeAt(step - 2), null, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyTotp(secret, codeAt(step + 2), null, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts each step once: the same or an older step is a replay', () => {
    const first = verifyTotp(secret, codeAt(step), null, now);
    expect(first).toEqual({ ok: true, step });
    expect(verifyTotp(secret, codeAt(step), step, now)).toEqual({ ok: false, reason: 'replay' });
    expect(verifyTotp(secret, codeAt(step - 1), step, now)).toEqual({ ok: false, reason: 'replay' });
    // A later code after the used one still works.
    expect(verifyTotp(secret, codeAt(step + 1), step, now)).toEqual({ ok: true, step: step + 1 });
  });

  it('refuses wrong, malformed and empty codes as invalid', () => {
    const right = codeAt(step);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, '', '12345', '1234567', 'abcdef', `${right}0`, `-${right.slice(1)}`]) {
      expect(verifyTotp(secret, code, null, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('ignores spaces people type ("123 456")', () => {
    const right = codeAt(step);
    expect(verifyTotp(secret, `${right.slice(0, 3)} ${right.slice(3)}`, null, now)).toEqual({
      ok: true,
      step,
    });
  });
});
