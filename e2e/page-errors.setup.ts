import { afterAll, afterEach, expect } from 'vitest';
import { takePageErrors } from './browser';

// Runs in every journey file: an error thrown in a page's scripts fails the test during which it
// happened, and one thrown between tests (while a shared page opens or closes) fails the file.
afterEach(() => {
  expect(takePageErrors(), 'errors thrown in the page').toEqual([]);
});
afterAll(() => {
  expect(takePageErrors(), 'errors thrown in a page outside the tests').toEqual([]);
});
