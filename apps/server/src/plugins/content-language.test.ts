import { describe, expect, it } from 'vitest';
import { contentLanguage } from './content-language';

describe('contentLanguage', () => {
  it('takes the first product language of Accept-Language, else English', () => {
    expect(contentLanguage({ 'accept-language': 'hi' })).toBe('hi');
    expect(contentLanguage({ 'accept-language': 'mr-IN,mr;q=0.9,en;q=0.8' })).toBe('mr');
    expect(contentLanguage({ 'accept-language': 'fr-FR, ta;q=0.5' })).toBe('ta');
    expect(contentLanguage({ 'accept-language': 'fr-FR,de' })).toBe('en');
    expect(contentLanguage({ 'accept-language': '' })).toBe('en');
    expect(contentLanguage({})).toBe('en');
  });
});
