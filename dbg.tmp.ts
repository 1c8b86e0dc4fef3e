import { signedInUser, startCommandApi } from './command-api/src/test-support';
import { SENT_LOG_COLLECTION } from './notifier/src/mail/sent-log';
import { createNamespace, kill, manyUsers, spawnInNamespace } from './tests/notifier/support';
(async () => {
  const ns = await createNamespace({ NOTIFIER_MAILS_PER_SECOND: '150', NOTIFIER_LEASE_MS: '4000' });
  const api = await startCommandApi(ns.env);
  const projectors = await spawnInNamespace('projectors', ns);
  let notifier = await spawnInNamespace('notifier', ns, { LOG_LEVEL: 'info' });
  const staff = await signedInUser(api, 'staff');
  const students = await manyUsers(api, 500);
  const form = new FormData();
  form.append('subject', `dbg ${ns.id}`); form.append('content', '<p>x</p>'); form.append('recipients', JSON.stringify(students.map((s) => s.id)));
  const t0 = Date.now();
  await api.request('POST', '/api/email/send', { token: staff.token, form });
  const log = ns.mongo.db.collection(SENT_LOG_COLLECTION);
  let killed = false;
  for (;;) {
    const n = await log.countDocuments({ state: 'sent' });
    console.log(((Date.now() - t0) / 1000).toFixed(1), n);
    if (n >= 500) break;
    if (!killed && n >= 150) { killed = true; await kill(notifier, 'SIGKILL'); console.log('--- killed'); notifier = await spawnInNamespace('notifier', ns, { LOG_LEVEL: 'info' }); console.log('--- respawned', ((Date.now() - t0) / 1000).toFixed(1)); }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const out = notifier.output().split('\n').filter((l) => !l.includes('"level":30') || l.includes('fail'));
  console.log(out.slice(0, 30).map((l) => l.slice(0, 300)).join('\n'));
  await kill(notifier, 'SIGTERM'); await kill(projectors, 'SIGTERM'); await api.stop(); await ns.dispose();
})();
