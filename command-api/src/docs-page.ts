/**
 * A small, dependency-free browser for the OpenAPI document: every operation with its roles,
 * parameters and bodies. Rendered client-side from the JSON so it never drifts from it. Its one
 * script and one style are inline and allowed by their hashes (setPagePolicy): no other script runs.
 */
export const DOCS_STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#f8fafc}
header{background:#1e3a8a;color:#fff;padding:1rem 2rem}main{padding:1rem 2rem;max-width:1100px}
details{background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:.5rem 0;padding:.5rem 1rem}
summary{cursor:pointer;display:flex;gap:1rem;align-items:baseline}
.m{font:600 12px monospace;padding:2px 8px;border-radius:4px;color:#fff;min-width:56px;text-align:center}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.patch{background:#7c3aed}.delete{background:#dc2626}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f1f5f9;padding:.75rem;border-radius:6px;overflow:auto}
.roles{color:#6b7280;font-size:13px;margin-left:auto}
`;

export const docsScript = (specUrl: string): string => `fetch(${JSON.stringify(specUrl)}).then(r=>r.json()).then(spec=>{
  document.getElementById('title').textContent=spec.info.title;
  document.getElementById('description').textContent=spec.info.description||'';
  const ops=document.getElementById('ops');ops.textContent='';
  for(const [path,methods] of Object.entries(spec.paths)){for(const [method,op] of Object.entries(methods)){
    const d=document.createElement('details');const s=document.createElement('summary');
    const m=document.createElement('span');m.className='m '+method;m.textContent=method.toUpperCase();
    const p=document.createElement('code');p.textContent=path;const t=document.createElement('span');t.textContent=op.summary;
    const r=document.createElement('span');r.className='roles';r.textContent=op['x-roles'];
    s.append(m,p,t,r);d.append(s);
    const body=op.requestBody?Object.values(op.requestBody.content)[0].schema:null;
    const pre=document.createElement('pre');pre.textContent=JSON.stringify({parameters:op.parameters,body,responses:op.responses},null,2);
    d.append(pre);ops.append(d);
  }}
});
`;

export const docsPage = (specUrl: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Placement Portal API</title>
<style>${DOCS_STYLE}</style></head><body><header><h1 id="title">Placement Portal API</h1><p id="description"></p></header><main id="ops">Loading…</main>
<script>${docsScript(specUrl)}</script></body></html>`;
