import { describe, expect, it } from 'vitest';
import { isGuessablePassword, passwordScore } from './password-strength.ts';

describe('password strength', async () => {
  it('refuses the passwords people actually pick, which pass every composition rule', async () => {
    for (const weak of ['Password1!', 'Password123!', 'Qwerty123!', 'Welcome1!', 'Summer2024!', 'Kesä2024!', 'Salasana1!', 'Syksy2025!']) {
      expect(await isGuessablePassword(weak), weak).toBe(true);
    }
  });

  it('counts the person’s own name and address as known words', async () => {
    expect(await isGuessablePassword('Virtanen#2026', ['Matti Virtanen', 'matti.virtanen@example.com'])).toBe(true);
  });

  it('accepts passwords that are hard to guess, in any language', async () => {
    for (const strong of ['Kelpo#Salasana42', 'Kauppis#Demo2026', 'Hyvä#Pyörä77', 'correct horse battery staple', 'Tosi#Hyva#Salasana77']) {
      expect(await isGuessablePassword(strong), strong).toBe(false);
    }
  });

  it('stays cheap on long, repetitive input (judged by its first 32 characters)', async () => {
    expect(await passwordScore('Salasana1!'.repeat(100))).toBeGreaterThanOrEqual(0);
  });
});
