import { firstPage, lastPageIfPastTheEnd, pageCount, pageReplyAction, pageReplyOf, pagingParams, sortedBy } from './serverPaging';

describe('a list paged and sorted by the server', () => {
  it('counts pages of 50, one at least', () => {
    expect([0, 1, 50, 51, 120].map(pageCount)).toEqual([1, 1, 1, 2, 3]);
  });

  it('sorts by a clicked column from the first page, toggling the sorted one', () => {
    const onPage3 = { ...firstPage<'company' | 'status'>(), page: 3, total: 140 };
    const byCompany = sortedBy(onPage3, 'company');
    expect(byCompany).toEqual({ page: 1, total: 140, sort: { field: 'company', order: 'asc' } });
    expect(sortedBy(byCompany, 'company').sort).toEqual({ field: 'company', order: 'desc' });
    expect(sortedBy(byCompany, 'status').sort).toEqual({ field: 'status', order: 'asc' });
  });

  it('goes to the last page only when the page asked for came back empty past the end', () => {
    expect(lastPageIfPastTheEnd(3, 0, 60)).toBe(2);
    expect(lastPageIfPastTheEnd(2, 0, 0)).toBe(1);
    expect(lastPageIfPastTheEnd(1, 0, 0)).toBeNull();
    expect(lastPageIfPastTheEnd(2, 10, 60)).toBeNull();
  });

  it('reads the total from the reply: its header, else a count in the body, else the pages so far', () => {
    expect(pageReplyOf({ 'x-total-count': '140' }, 2, 50)).toEqual({ total: 140, lastPage: null });
    expect(pageReplyOf({}, 2, 50, 90)).toEqual({ total: 90, lastPage: null });
    expect(pageReplyOf({}, 3, 7)).toEqual({ total: 107, lastPage: null });
    expect(pageReplyOf({ 'x-total-count': '60' }, 4, 0)).toEqual({ total: 60, lastPage: 2 });
  });

  it("puts a page's rows and total into the state, or asks for the last page when it lay past the end", () => {
    type Put = { type: string; items?: string[]; total?: number; page?: number };
    const loaded = (page: { items: string[]; total: number }): Put => ({ type: 'loaded', ...page });
    const chosen = (page: number): Put => ({ type: 'chosen', page });
    expect(pageReplyAction({ data: ['a', 'b'], headers: { 'x-total-count': '52' } }, 2, loaded, chosen)).toEqual({ type: 'loaded', items: ['a', 'b'], total: 52 });
    expect(pageReplyAction({ data: [], headers: { 'x-total-count': '60' } }, 4, loaded, chosen)).toEqual({ type: 'chosen', page: 2 });
    expect(pageReplyAction({ data: { not: 'a list' }, headers: {} }, 1, loaded, chosen)).toEqual({ type: 'loaded', items: [], total: 0 });
  });

  it('asks for the page, its size and the sort when there is one', () => {
    expect(pagingParams({ page: 2, sort: null })).toEqual({ page: 2, limit: 50 });
    expect(pagingParams({ page: 1, sort: { field: 'company', order: 'desc' } })).toEqual({ page: 1, limit: 50, sort: 'company', order: 'desc' });
  });
});
