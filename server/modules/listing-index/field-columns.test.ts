import { describe, expect, it } from 'vitest';
import { CodeColumns, NumberColumns, PagedColumn } from './field-columns.ts';

describe('the fields’ columns', () => {
  it('keep a value per slot in blocks made when a slot of theirs gets one', () => {
    const column = new PagedColumn((n) => new Float64Array(n), Number.NaN);
    expect(column.get(123_456)).toBeNaN();
    column.set(5, 2015);
    column.set(100_000, 180_000.5);
    expect([column.get(5), column.get(100_000), column.get(6)]).toEqual([2015, 180_000.5, Number.NaN]);
    column.clear(5);
    column.clear(900_000);
    expect(column.get(5)).toBeNaN();
    // Slots at a block's edges.
    column.set(4095, 1);
    column.set(4096, 2);
    expect([column.get(4095), column.get(4096), column.get(4097)]).toEqual([1, 2, Number.NaN]);
  });

  it('hold one code per field, follow an ad’s changes, and give up a field an ad has several values of', () => {
    const keyOfCode = ['make', 'make', 'fuel', 'equipment', 'equipment'];
    const columns = new CodeColumns();
    columns.set(1, [], [0, 2], keyOfCode);
    columns.set(2, [], [1], keyOfCode);
    expect(columns.column('make')!.get(1)).toBe(0);
    expect(columns.column('make')!.get(2)).toBe(1);
    expect(columns.column('fuel')!.get(2)).toBe(-1);
    // The ad changes its make and drops its fuel.
    columns.set(1, [0, 2], [1], keyOfCode);
    expect(columns.column('make')!.get(1)).toBe(1);
    expect(columns.column('fuel')!.get(1)).toBe(-1);
    // One value of equipment makes a column; an ad with two ends it (its lists answer from then on).
    columns.set(3, [], [3], keyOfCode);
    expect(columns.column('equipment')!.get(3)).toBe(3);
    columns.set(4, [], [3, 4], keyOfCode);
    expect(columns.column('equipment')).toBeUndefined();
    columns.set(5, [], [4], keyOfCode);
    expect(columns.column('equipment')).toBeUndefined();
    expect(columns.column('gearbox')).toBeUndefined();
  });

  it('hold each number key’s values, an ad’s old numbers cleared when it gets new ones', () => {
    const numbers = new NumberColumns();
    expect(numbers.column(0)).toBeUndefined();
    numbers.set(7, [
      [0, 2015],
      [1, 180_000],
    ]);
    numbers.set(7, [[1, 190_000]]);
    expect(numbers.column(0)!.get(7)).toBeNaN();
    expect(numbers.column(1)!.get(7)).toBe(190_000);
    numbers.clear(7);
    expect(numbers.column(1)!.get(7)).toBeNaN();
  });
});
