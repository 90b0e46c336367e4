/**
 * How a product names an image the product stores itself: by its public
 * address, `{PUBLIC_URL}/api/image/{id}`. It is an absolute http(s) URL like
 * every other product image, so a capture keeps it (captures keep web links
 * only) and an administrator's correction may name one; opened directly it
 * shows the image. Clients are given the gateway's own relative
 * `/api/image/{id}?w=` for it (see ProductImages), never the image proxy:
 * the proxy would have to fetch this very gateway, and it refuses loopback
 * and private addresses by design.
 */
export const STORED_IMAGE_ROUTE = '/api/image/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `{publicUrl}/api/image/{id}`: the address a product carries for a stored image. */
export function storedImageAddress(publicUrl: string, id: string): string {
  if (!UUID.test(id)) throw new RangeError(`"${id}" is not a stored image id`);
  return new URL(`${STORED_IMAGE_ROUTE}${id}`, new URL(publicUrl).origin).href;
}

/**
 * The stored image an image URL names, or null: an http(s) URL whose path is
 * `/api/image/{uuid}` exactly, with no query, credentials or fragment, on
 * any origin. Rebased on the way out rather than matched against today's
 * PUBLIC_URL: rows stored while the product answered at another address (a
 * new port, a new domain) keep showing their image. Nothing is fetched for
 * it, so an address elsewhere that looks like one only ever shows our own
 * stored image of that id, or the placeholder.
 */
export function storedImageIdOf(imageUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  if (!url.pathname.startsWith(STORED_IMAGE_ROUTE)) return null;
  const id = url.pathname.slice(STORED_IMAGE_ROUTE.length).toLowerCase();
  return UUID.test(id) ? id : null;
}
