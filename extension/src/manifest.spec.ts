import { buildManifest, matchPatternFor, PERMISSIONS } from './manifest';

describe('the extension manifest', () => {
  const manifest = buildManifest({ version: '1.2.3', webOrigins: ['https://closetly.app', 'http://127.0.0.1:8080', 'http://127.0.0.1:9090'], key: 'KEY' });

  it('asks only for the permissions the job needs, and host access only to the Closetly origins', () => {
    expect(manifest.permissions).toEqual(['activeTab', 'scripting', 'storage', 'contextMenus', 'declarativeContent', 'alarms']);
    expect(PERMISSIONS).not.toContain('tabs');
    expect(manifest.host_permissions).toEqual(['https://closetly.app/*', 'http://127.0.0.1/*']);
    expect(manifest.externally_connectable).toEqual({ matches: ['https://closetly.app/*', 'http://127.0.0.1/*'] });
    expect(manifest).not.toHaveProperty('content_scripts');
  });

  it('is Manifest V3 with a module service worker, the popup and a strict page policy', () => {
    expect(manifest).toMatchObject({ manifest_version: 3, version: '1.2.3', key: 'KEY', background: { service_worker: 'background.js', type: 'module' }, action: { default_popup: 'popup.html' } });
    expect(manifest.content_security_policy).toEqual({ extension_pages: "script-src 'self'; object-src 'none'" });
  });

  it('leaves the key out for a store upload', () => {
    expect(buildManifest({ version: '1.0.0', webOrigins: ['https://closetly.app'] })).not.toHaveProperty('key');
  });

  it('refuses an origin that is not a web origin', () => {
    expect(() => matchPatternFor('chrome-extension://abc')).toThrow('is not a web origin');
    expect(() => matchPatternFor('not a url')).toThrow();
  });
});
