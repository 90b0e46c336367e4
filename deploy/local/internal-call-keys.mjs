// Prints fresh internal-call keys as .env lines (README "Trust boundary"):
//
//   node deploy/local/internal-call-keys.mjs >> .env
//
// GATEWAY_CALLS_PRIVATE_KEY goes to the gateway only, SEARCH_CALLS_PRIVATE_KEY to search only;
// the public keys to every service. One line each, unquoted (a .env file and kubectl --from-env-file
// both take the rest of the line): PEM line breaks are written as \n, which the apps read back.
import { generateKeyPairSync } from 'node:crypto';

const oneLine = (pem) => JSON.stringify(pem.trim()).slice(1, -1);
for (const caller of ['GATEWAY', 'SEARCH']) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  process.stdout.write(`${caller}_CALLS_PRIVATE_KEY=${oneLine(privateKey.export({ type: 'pkcs8', format: 'pem' }))}\n`);
  process.stdout.write(`${caller}_CALLS_PUBLIC_KEY=${oneLine(publicKey.export({ type: 'spki', format: 'pem' }))}\n`);
}
