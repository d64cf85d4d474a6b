import { describe, expect, it } from 'vitest';
import { identityFromClaims, looksLikeIdentityCode, methodFromAmr, nameFromClaims } from './identity.claims.ts';

describe('what is kept of a broker’s ID token', () => {
  it('recognizes personal identity codes of every century sign', () => {
    for (const code of ['010190-123A', '010105A123N', '311299+9876', '010150Y123X', '010190 - 123A']) {
      expect(looksLikeIdentityCode(code)).toBe(true);
    }
    for (const other of ['fi-bank', 'Matti Meikäläinen', '2026-01-01', '0401234567']) expect(looksLikeIdentityCode(other)).toBe(false);
  });

  it('maps FTN brokers’ method names to bank, mobile or card, keeps an unknown one sanitized, and says ftn when none is usable', () => {
    expect(methodFromAmr(['fi-bank'])).toBe('bank');
    expect(methodFromAmr(['nordea'])).toBe('bank');
    expect(methodFromAmr('tupas osuuspankki')).toBe('bank');
    expect(methodFromAmr(['mfa', 'fi-mobile'])).toBe('mobile');
    expect(methodFromAmr(['mobiilivarmenne'])).toBe('mobile');
    expect(methodFromAmr(['fineid'])).toBe('card');
    expect(methodFromAmr(['varmennekortti'])).toBe('card');
    expect(methodFromAmr(['mfa'])).toBe('mfa');
    expect(methodFromAmr(['<script>x</script>'])).toBe('scriptxscript');
    expect(methodFromAmr(['010190-123A'])).toBe('ftn');
    expect(methodFromAmr([42, null])).toBe('ftn');
    expect(methodFromAmr(undefined)).toBe('ftn');
    expect(methodFromAmr(['x'.repeat(100)])).toHaveLength(40);
  });

  it('takes the name as given, else its parts, without control characters; never one holding an identity code', () => {
    expect(nameFromClaims({ name: '  Matti\u0000  Meikäläinen ' })).toBe('Matti Meikäläinen');
    expect(nameFromClaims({ given_name: 'Maija', family_name: 'Meikäläinen' })).toBe('Maija Meikäläinen');
    expect(nameFromClaims({ family_name: 'Meikäläinen' })).toBe('Meikäläinen');
    expect(nameFromClaims({ name: 'Matti 010190-123A' })).toBeNull();
    expect(nameFromClaims({ name: 42 })).toBeNull();
    expect(nameFromClaims({ name: 'x'.repeat(500) })).toHaveLength(200);
  });

  it('reads nothing but amr and the name parts', () => {
    const kept = identityFromClaims({
      sub: '010190-123A',
      personal_identity_code: '010190-123A',
      hetu: '010190-123A',
      nin: '010190-123A',
      birthdate: '1990-01-01',
      name: 'Matti Meikäläinen',
      amr: ['fi-bank'],
    });
    expect(kept).toEqual({ method: 'bank', name: 'Matti Meikäläinen' });
  });
});
