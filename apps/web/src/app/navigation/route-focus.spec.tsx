import { describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Link, MemoryRouter, Outlet, Route, Routes, useSearchParams } from 'react-router';
import { PageAnnouncer } from '../layout/page-announcer';
import { useRouteFocus } from './route-focus';

function Layout() {
  useRouteFocus();
  return (
    <>
      <PageAnnouncer />
      <nav aria-label="Categories">
        <Link to="/women">Women</Link>
        <Link to="/search?q=linen">Search linen</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function SearchPage() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <title>Search Results · Closetly</title>
      <h1>Search Results</h1>
      <label>
        Women
        <input type="checkbox" checked={params.has('gender')} onChange={() => setParams({ q: params.get('q') ?? '', gender: 'Women' })} />
      </label>
    </>
  );
}

function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route
            path="/"
            element={
              <>
                <title>Closetly · Stop Searching. Start Shopping.</title>
                <h1>Stop Searching. Start Shopping.</h1>
              </>
            }
          />
          <Route
            path="/women"
            element={
              <>
                <title>Women · Closetly</title>
                <h1>Women</h1>
              </>
            }
          />
          <Route path="/search" element={<SearchPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('useRouteFocus', () => {
  it('leaves the first page alone, then focuses the new page’s heading and announces its title', async () => {
    const { container } = renderApp('/');
    // The first page: the browser announces it; the focus stays where the document starts.
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('status').textContent).toBe('');

    await userEvent.click(screen.getByRole('link', { name: 'Women' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Women' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Women · Closetly'));
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps the focus on a control when only the query changes (a filter ticked)', async () => {
    renderApp('/women');
    await userEvent.click(screen.getByRole('link', { name: 'Search linen' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Search Results' })));

    const checkbox = screen.getByRole('checkbox', { name: 'Women' });
    await userEvent.click(checkbox);
    expect((checkbox as HTMLInputElement).checked).toBe(true);
    // Nothing pending may take the focus back to the heading.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(checkbox);
  });
});
