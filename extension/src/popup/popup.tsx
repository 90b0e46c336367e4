import '../zod-without-eval';
import { MAX_COLOUR_LENGTH, type WardrobeItem } from '@closetly/contracts';
import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { describeFailure, removeItem, reportPriceSeen, saveItem, signOut } from '../lib/account';
import { capturePage, isProduct, type PageCapture } from '../lib/capture-page';
import { itemFromCapture, observationFromCapture, type ItemEdits } from '../lib/item';
import { markTab } from '../lib/saved-icon';
import { savedProductFor } from '../lib/saved-pages';
import { readSavedPages, readSession, type ExtensionSession } from '../lib/session';

/** Where "Sign in" and "My Wardrobe" go before any web origin has signed the extension in (build setting). */
declare const __CLOSETLY_WEB_URL__: string;

type View =
  | { name: 'loading' }
  | { name: 'signed-out'; notice?: string }
  | { name: 'ready'; capture: PageCapture; found: boolean; savedId: string | null };

const GENDERS = ['', 'Women', 'Men', 'Unisex'] as const;

/**
 * The toolbar popup: signed out, a sign-in prompt; signed in, the product the
 * page shows (editable: name, brand, price, colour, gender), Save to
 * Closetly / Saved ✓ / Remove, and a link to My Wardrobe. `?tab=<id>` opens
 * it for another tab (the end-to-end test does).
 */
function Popup() {
  const [view, setView] = useState<View>({ name: 'loading' });
  const [session, setSession] = useState<ExtensionSession | null>(null);
  const [tabId, setTabId] = useState<number | undefined>();

  useEffect(() => {
    void (async () => {
      const current = await readSession();
      setSession(current);
      if (!current) return setView({ name: 'signed-out' });
      const id = await targetTab();
      setTabId(id);
      let capture: PageCapture;
      try {
        if (id === undefined) throw new Error('no tab');
        capture = await capturePage(id);
      } catch {
        capture = emptyCapture();
      }
      const savedId = savedProductFor(await readSavedPages(), [capture.pageUrl, capture.sourceUrl]);
      if (savedId) await markTab(id, savedId);
      // A saved page's price, as the shopper sees it, keeps the product's price fresh (issue 25); not waited for.
      const observation = savedId ? observationFromCapture(savedId, capture) : null;
      if (observation) void reportPriceSeen(observation);
      setView({ name: 'ready', capture, found: isProduct(capture), savedId });
    })();
  }, []);

  const webUrl = session?.apiBaseUrl ?? __CLOSETLY_WEB_URL__;
  return (
    <main className="popup">
      <header className="popup__header">
        <span className="popup__logo">Closetly</span>
        {session?.email ? <span className="popup__account">{session.email}</span> : null}
      </header>
      {view.name === 'loading' ? <p className="popup__status" role="status">Reading this page…</p> : null}
      {view.name === 'signed-out' ? <SignedOut webUrl={webUrl} notice={view.notice} /> : null}
      {view.name === 'ready' ? (
        <ProductForm
          key={view.savedId ?? 'new'}
          view={view}
          tabId={tabId}
          onSignedOut={(notice) => {
            setSession(null);
            setView({ name: 'signed-out', notice });
          }}
          onChange={(savedId) => setView({ ...view, savedId })}
        />
      ) : null}
      <footer className="popup__footer">
        <a href={`${webUrl}/my-wardrobe`} target="_blank" rel="noreferrer">
          My Wardrobe
        </a>
      </footer>
    </main>
  );
}

function SignedOut({ webUrl, notice }: { webUrl: string; notice?: string | undefined }) {
  return (
    <section className="popup__signed-out">
      {notice ? <p className="popup__error" role="alert">{notice}</p> : null}
      <h1 className="popup__title">Save items from any shop</h1>
      <p>Sign in to Closetly to save this item to your wardrobe.</p>
      <a className="popup__button" href={`${webUrl}/signin`} target="_blank" rel="noreferrer">
        Sign in to Closetly
      </a>
    </section>
  );
}

function ProductForm({
  view,
  tabId,
  onSignedOut,
  onChange,
}: {
  view: Extract<View, { name: 'ready' }>;
  tabId: number | undefined;
  onSignedOut: (notice: string) => void;
  onChange: (savedId: string | null) => void;
}) {
  const { capture, found, savedId } = view;
  const [edits, setEdits] = useState<ItemEdits>({
    name: capture.name ?? '',
    brand: capture.brand ?? '',
    price: capture.price === null ? '' : String(capture.price),
    gender: capture.gender ?? '',
    colour: capture.colour ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [manual, setManual] = useState(found);

  const fail = async (failure: unknown) => {
    const message = describeFailure(failure);
    if ((failure as { status?: number }).status === 401) {
      await signOut();
      return onSignedOut(message);
    }
    setError(message);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const item = itemFromCapture(capture, edits);
    if (!item) return setError('Name, brand and price are needed to save.');
    setBusy(true);
    setError(null);
    try {
      const saved: WardrobeItem = await saveItem(item, capture.pageUrl);
      await markTab(tabId, saved.id);
      onChange(saved.id);
    } catch (failure) {
      await fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!savedId) return;
    setBusy(true);
    setError(null);
    try {
      await removeItem(savedId);
      await markTab(tabId, null);
      onChange(null);
    } catch (failure) {
      await fail(failure);
    } finally {
      setBusy(false);
    }
  };

  if (!manual) {
    return (
      <section className="popup__empty">
        <p className="popup__notice" role="status">No product found on this page</p>
        <button type="button" className="popup__button popup__button--secondary" onClick={() => setManual(true)}>
          Enter it by hand
        </button>
      </section>
    );
  }

  const field = (key: keyof ItemEdits, label: string, props: Record<string, string> = {}, required = true) => (
    <label className="popup__field">
      <span>{label}</span>
      <input value={edits[key] ?? ''} onChange={(event) => setEdits({ ...edits, [key]: event.target.value })} required={required} {...props} />
    </label>
  );

  return (
    <form className="popup__product" onSubmit={(event) => void save(event)} aria-busy={busy}>
      <div className="popup__preview">
        {capture.imageUrl ? <img className="popup__image" src={capture.imageUrl} alt="" /> : <div className="popup__image popup__image--none" aria-hidden="true" />}
        <div className="popup__summary">
          <p className="popup__name">{edits.name || 'Unnamed item'}</p>
          <p className="popup__brand">{edits.brand}</p>
          <p className="popup__price">{edits.price ? formatPrice(edits.price, capture.currency) : ''}</p>
        </div>
      </div>
      {field('name', 'Name', { maxLength: '300' })}
      {field('brand', 'Brand', { maxLength: '200' })}
      {field('price', 'Price', { inputMode: 'decimal', maxLength: '100' })}
      {field('colour', 'Colour', { maxLength: String(MAX_COLOUR_LENGTH), placeholder: 'Not stated' }, false)}
      <label className="popup__field">
        <span>Gender</span>
        <select value={edits.gender ?? ''} onChange={(event) => setEdits({ ...edits, gender: event.target.value })}>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {gender || 'Not specified'}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p className="popup__error" role="alert">
          {error}
        </p>
      ) : null}
      {savedId ? (
        <div className="popup__actions">
          <span className="popup__saved" role="status">
            Saved ✓
          </span>
          <button type="button" className="popup__button popup__button--secondary" disabled={busy} onClick={() => void remove()}>
            Remove
          </button>
        </div>
      ) : (
        <button type="submit" className="popup__button" disabled={busy}>
          {busy ? 'Saving…' : 'Save to Closetly'}
        </button>
      )}
    </form>
  );
}

function formatPrice(price: string, currency: string | null): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return price;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(amount);
  } catch {
    return price;
  }
}

function emptyCapture(): PageCapture {
  return { name: null, brand: null, price: null, currency: null, imageUrl: null, description: null, sourceUrl: '', pageUrl: '', colour: null, confidence: 0 };
}

/** The tab the popup is about: `?tab=<id>`, or the active tab of the window the popup opened over. */
async function targetTab(): Promise<number | undefined> {
  const asked = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(asked) && asked > 0) return asked;
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><Popup /></StrictMode>);
