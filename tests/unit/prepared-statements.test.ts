// Decision 0060: the names of prepared statements — one per query text from its third run on, at
// most a bounded number, and a new one for a text the server refused.
import { describe, expect, it } from 'vitest';
import { statementNames } from '~/.server/db/prepared-statements';

describe('statement names', () => {
  it('names a text from its third run on: one text one name, another text another', () => {
    const names = statementNames();
    expect(names.nameOf('select * from users where id = $1')).toBeNull();
    expect(names.nameOf('select * from users where id = $1')).toBeNull();
    const a = names.nameOf('select * from users where id = $1');
    expect(a).toMatch(/^rdv_[0-9a-f]{20}_0$/);
    expect(names.nameOf('select * from users where id = $1')).toBe(a);
    names.nameOf('select * from profiles where id = $1');
    names.nameOf('select * from profiles where id = $1');
    expect(names.nameOf('select * from profiles where id = $1')).not.toBe(a);
  });

  it('names no more than its cap: later texts run unnamed, earlier ones keep their names', () => {
    const names = statementNames(3, 1);
    const first = names.nameOf('q1');
    names.nameOf('q2');
    names.nameOf('q3');
    expect(names.nameOf('q4')).toBeNull();
    expect(names.nameOf('q1')).toBe(first);
    expect(names.size).toBe(3);
  });

  it('renames a text whose prepared statement the server refused', () => {
    const names = statementNames(256, 1);
    const before = names.nameOf('select * from t where id = $1');
    names.renew('select * from t where id = $1');
    const after = names.nameOf('select * from t where id = $1');
    expect(after).not.toBe(before);
    expect(after).toMatch(/_1$/);
  });
});
