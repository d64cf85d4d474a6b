// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { AD_DESCRIPTION_MAX, AD_NAME_MAX } from '../../../common/ad-rules';
import { type AdDraft, EMPTY_DRAFT, FIELD_STEP, STEPS, clearDraft, draftPriceEuros, loadDraft, saveDraft, validateStep } from './ad-draft';

const t = (key: string, params?: Record<string, string | number>) => (params ? `${key} ${JSON.stringify(params)}` : key);
const good: AdDraft = {
  name: 'Polkupyörä Helkama',
  cityId: 91,
  address: '',
  description: 'Hyvässä kunnossa, uudet renkaat.',
  price: '120,50',
  catalogId: 7,
  kind: 'sell',
  attributes: {},
};
const leaves = new Set([7]);

describe('validateStep: the server’s rules before a step is left', () => {
  it('passes a complete draft at every step', () => {
    for (const step of STEPS) expect(validateStep(step, good, t, leaves)).toEqual({});
  });

  it('asks for each required field with "Field is required"', () => {
    expect(validateStep('name', EMPTY_DRAFT, t)).toEqual({ name: ['validation.required'] });
    expect(validateStep('city', EMPTY_DRAFT, t)).toEqual({ city_id: ['validation.required'] });
    expect(validateStep('details', EMPTY_DRAFT, t)).toEqual({ description: ['validation.required'], price: ['validation.required'] });
    expect(validateStep('catalog', EMPTY_DRAFT, t)).toEqual({ catalog_id: ['validation.required'] });
    expect(Object.keys(validateStep('preview', EMPTY_DRAFT, t)).sort()).toEqual(['catalog_id', 'city_id', 'description', 'name', 'price']);
  });

  it('checks lengths, the price and the category level like the server', () => {
    expect(validateStep('name', { ...good, name: 'ab' }, t).name?.[0]).toMatch(/min_length/);
    expect(validateStep('name', { ...good, name: 'x'.repeat(AD_NAME_MAX + 1) }, t).name?.[0]).toMatch(/max_length/);
    expect(validateStep('details', { ...good, description: 'x'.repeat(AD_DESCRIPTION_MAX + 1) }, t).description?.[0]).toMatch(/max_length/);
    expect(validateStep('details', { ...good, price: '-5' }, t).price).toEqual(['ads.price_negative']);
    expect(validateStep('details', { ...good, price: 'halpa' }, t).price).toEqual(['ads.price_format']);
    expect(validateStep('details', { ...good, price: '10000001' }, t).price?.[0]).toMatch(/ads.price_max/);
    expect(validateStep('catalog', { ...good, catalogId: 3 }, t, leaves).catalog_id).toEqual(['ads.catalog_not_leaf']);
  });

  it('knows on which step every server field is', () => {
    for (const step of Object.values(FIELD_STEP)) expect(STEPS).toContain(step);
  });
});

describe('the draft in local storage', () => {
  it('comes back per user, and goes when cleared', () => {
    saveDraft(1, { draft: good, step: 'photos' });
    expect(loadDraft(1)).toEqual({ draft: good, step: 'photos' });
    expect(loadDraft(2)).toBeUndefined();
    clearDraft(1);
    expect(loadDraft(1)).toBeUndefined();
  });

  it('survives a damaged entry', () => {
    window.localStorage.setItem('new_ad_draft:3', '{not json');
    expect(loadDraft(3)).toBeUndefined();
    window.localStorage.setItem('new_ad_draft:3', JSON.stringify({ draft: { name: 'x' }, step: 'nowhere' }));
    expect(loadDraft(3)).toEqual({ draft: { ...EMPTY_DRAFT, name: 'x' }, step: 'name' });
  });
});

describe('the kind of ad in the draft', () => {
  it('asks no price of a give-away, and shows it as free', () => {
    expect(validateStep('details', { ...good, kind: 'give', price: '' }, t)).toEqual({});
    expect(validateStep('preview', { ...good, kind: 'give', price: 'halpa' }, t, leaves)).toEqual({});
    expect(draftPriceEuros({ ...good, kind: 'give', price: '50' })).toBe(0);
    expect(validateStep('details', { ...good, kind: 'rent', price: '' }, t).price).toEqual(['validation.required']);
    expect(FIELD_STEP.kind).toBe('details');
  });

  it('reads a stored draft without a kind, or with an unknown one, as for sale', () => {
    window.localStorage.setItem('new_ad_draft:5', JSON.stringify({ draft: { ...good, kind: undefined }, step: 'details' }));
    expect(loadDraft(5)?.draft.kind).toBe('sell');
    window.localStorage.setItem('new_ad_draft:5', JSON.stringify({ draft: { ...good, kind: 'steal' }, step: 'details' }));
    expect(loadDraft(5)?.draft.kind).toBe('sell');
    saveDraft(5, { draft: { ...good, kind: 'wanted' }, step: 'preview' });
    expect(loadDraft(5)?.draft.kind).toBe('wanted');
  });
});
