import { describe, expect, it } from 'vitest';
import { numberedPlaceholders } from '../../src/server/db/raw';

describe('numberedPlaceholders', () => {
  it('numbers each ? as $1, $2, ... in order', () => {
    expect(numberedPlaceholders({ sql: 'insert into t (a, b) values (?, ?) returning ?', params: [1, 2, 3] })).toBe('insert into t (a, b) values ($1, $2) returning $3');
  });

  it('leaves question marks inside quoted literals and identifiers alone', () => {
    expect(numberedPlaceholders({ sql: `select 'why?', "odd?name", ? from t where x = 'it''s ?' and y = ?`, params: [1, 2] })).toBe(
      `select 'why?', "odd?name", $1 from t where x = 'it''s ?' and y = $2`,
    );
  });

  it('refuses a statement whose placeholders and parameters do not match', () => {
    expect(() => numberedPlaceholders({ sql: 'select ?, ?', params: [1] })).toThrow(/2 placeholders for 1 parameters/);
    expect(() => numberedPlaceholders({ sql: 'select 1', params: [1] })).toThrow(/0 placeholders/);
  });
});
