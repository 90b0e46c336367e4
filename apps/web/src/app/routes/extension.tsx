import { HTTP_ROUTES } from '@closetly/contracts';
import { Page } from '@/components/ui/page';
import { env } from '@/config/env';
import { siteConfig } from '@/config/site';
import { ChromeExtensionsPage } from '@/features/extension/components/chrome-extensions-page';
import { useExtensionDetected } from '@/features/extension/hooks/use-extension-detected';
import { EXTENSION_PERMISSION_LINES } from '@/features/extension/lib/extension-permissions';

/**
 * /extension (issue 26): what the browser extension does, what it may access and why, and how to install
 * it: from its store listing when VITE_EXTENSION_STORE_URL names one, otherwise by loading the download
 * unpacked in Chrome, step by step with drawings of Chrome's extensions page. Not in the spec; the
 * "Install Extension" buttons lead here rather than to a bare zip.
 */
export function ExtensionRoute() {
  const { name } = siteConfig;
  const installed = useExtensionDetected() === true;
  const store = env.extensionStoreUrl;
  return (
    <Page title={`The ${name} extension`} lead="Save items to your wardrobe from any shop, as you browse, in Google Chrome on your computer." className="page--narrow extension-page">
      {installed ? (
        <p className="extension-page__installed" role="status">
          The extension is installed in this browser. On a shop’s product page, press the {name} button in the toolbar to save the item.
        </p>
      ) : null}
      <p className="extension-page__desktop-only">The extension works in Chrome on a computer; phones and tablets do not run browser extensions. Everything else works on the site itself.</p>

      <section aria-labelledby="extension-does">
        <h2 id="extension-does">What it does</h2>
        <ul>
          <li>On a shop’s product page, press the {name} button or right-click and choose “Save to {name}”: the item lands in My Wardrobe.</li>
          <li>A check mark shows on pages you have already saved.</li>
          <li>It signs in and out with you on this site: there is no second password.</li>
          <li>When you open it on a page you saved, it tells {name} the price the page shows, so your price history stays fresh.</li>
        </ul>
      </section>

      <section aria-labelledby="extension-permissions">
        <h2 id="extension-permissions">What it may access, and why</h2>
        <dl className="extension-page__permissions">
          {EXTENSION_PERMISSION_LINES.map((permission) => (
            <div key={permission.name}>
              <dt>{permission.label}</dt>
              <dd>{permission.why}</dd>
            </div>
          ))}
        </dl>
        <p>It never reads the addresses of the pages you visit, and it sends nothing to anyone but {name}.</p>
      </section>

      <section aria-labelledby="extension-install">
        <h2 id="extension-install">Install it</h2>
        {store ? (
          <p>
            <a className="button button--primary" href={store}>
              Add to Chrome
            </a>
          </p>
        ) : (
          <>
            <p>Until it is in the Chrome Web Store, you load it into Chrome yourself. It takes a minute:</p>
            <ol className="extension-page__steps">
              <li>
                <a className="button button--primary" href={HTTP_ROUTES.downloadExtension.path} download>
                  Download the extension
                </a>{' '}
                and unzip it into a folder you keep.
              </li>
              <li>
                In Chrome, open <code>chrome://extensions</code> (type it in the address bar).
              </li>
              <li>Turn on Developer mode, at the top right.</li>
              <li>Press Load unpacked and choose the folder you unzipped.</li>
              <li>Pin {name} from the puzzle-piece menu, so its button stays in the toolbar.</li>
            </ol>
            <ChromeExtensionsPage name={name} />
          </>
        )}
      </section>
    </Page>
  );
}
