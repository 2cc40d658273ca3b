// A static file server on 127.0.0.1 for example-web.sh: serves ROOT, with js/threeanim*.wasm
// taken from WASM_DIR; writes its port to PORT_FILE. It stops when its parent kills it, and by
// itself after five minutes.
//   node static-server.mjs ROOT PORT_FILE WASM_DIR
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const [root, portFile, wasmDir] = process.argv.slice(2).map((a, i) => (i === 1 ? a : path.resolve(a)));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary', '.json': 'application/json' };
const server = http.createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = path.join(root, path.normalize(url));
  if (/^\/js\/threeanim(-simd)?\.wasm$/.test(url)) file = path.join(wasmDir, path.basename(url));
  if (file.endsWith('/')) file += 'index.html';
  if (!file.startsWith(root) && !file.startsWith(wasmDir)) { res.writeHead(403).end(); return; }
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' }).end(data);
  });
});
server.listen(0, '127.0.0.1', () => fs.writeFileSync(portFile, String(server.address().port)));
setTimeout(() => process.exit(0), 300000).unref();
