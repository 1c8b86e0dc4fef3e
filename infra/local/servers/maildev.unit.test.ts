import { mailsBeyond } from './maildev';

describe('the local inbox keeps the newest mails', () => {
  it('names the stored mails beyond the newest ones, whatever order the folder lists them in', () => {
    const mails = [
      { id: 'b', modifiedMs: 2 },
      { id: 'd', modifiedMs: 4 },
      { id: 'a', modifiedMs: 1 },
      { id: 'c', modifiedMs: 3 },
    ];
    expect(mailsBeyond(mails, 2)).toEqual(['b', 'a']);
    expect(mailsBeyond(mails, 4)).toEqual([]);
    expect(mailsBeyond(mails, 0)).toEqual(['d', 'c', 'b', 'a']);
  });
});
