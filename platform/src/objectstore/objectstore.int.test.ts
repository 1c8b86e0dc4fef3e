import { randomUUID } from 'node:crypto';
import { loadEnv } from '../config';
import { ObjectStore } from './index';

describe('object store against the real S3-compatible server', () => {
  const env = loadEnv();
  const store = new ObjectStore(env);
  const key = `tests/${randomUUID()}/resume.pdf`;

  afterAll(async () => {
    await store.delete(key);
    store.close();
  });

  it('creates its bucket idempotently and answers ping', async () => {
    await store.ensureBucket();
    await store.ensureBucket();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('puts and gets bytes with their content type over signed requests', async () => {
    const bytes = Buffer.from('%PDF-1.4\n% a tiny test file\n');
    await store.put(key, bytes, 'application/pdf');
    expect(await store.exists(key)).toBe(true);
    const stored = await store.get(key);
    expect(stored?.contentType).toBe('application/pdf');
    expect(stored?.body.equals(bytes)).toBe(true);
  });

  it('answers undefined for a missing key and deletes', async () => {
    expect(await store.get(`tests/${randomUUID()}`)).toBeUndefined();
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
  });

  it('lists the keys under a prefix, and only those', async () => {
    const folder = `tests/${randomUUID()}`;
    const keys = [`${folder}/a.pdf`, `${folder}/b/c.png`];
    await Promise.all(keys.map((each) => store.put(each, Buffer.from('x'), 'text/plain')));
    await store.put(`${folder}-sibling/d.pdf`, Buffer.from('x'), 'text/plain');
    expect((await store.keysUnder(`${folder}/`)).sort()).toEqual(keys);
    await Promise.all([...keys, `${folder}-sibling/d.pdf`].map((each) => store.delete(each)));
    expect(await store.keysUnder(`${folder}/`)).toEqual([]);
  });

  it('refuses requests signed with the wrong secret', async () => {
    const impostor = new ObjectStore({ ...env, S3_SECRET_ACCESS_KEY: 'definitely-not-the-secret' });
    await expect(impostor.put(`tests/${randomUUID()}`, Buffer.from('x'), 'text/plain')).rejects.toThrow();
    impostor.close();
  });
});
