// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageFocus } from './use-page-focus';

/** The app shell as far as focus goes: a bar of links outside `<main>`, the page inside it. */
function Shell() {
  usePageFocus();
  return (
    <>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/ads">Ads</Link>
        <Link to="/ads?sort=price">Ads by price</Link>
        <Link to="/write">Write</Link>
        <Link to="/plain">Plain</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { index: true, Component: () => <h1>Front page</h1> },
          {
            path: 'ads',
            Component: () => (
              <>
                <p>Filters</p>
                <h1>Ads</h1>
              </>
            ),
          },
          // A page that places focus itself.
          { path: 'write', Component: () => <textarea aria-label="Message" autoFocus /> },
          { path: 'plain', Component: () => <p>No heading here</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function press(name: string) {
  const link = screen.getByRole('link', { name });
  link.focus();
  await act(async () => fireEvent.click(link));
}

afterEach(() => cleanup());

describe('focus after a client-side navigation', () => {
  it('stays where the browser put it on the first load', () => {
    renderAt('/');
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('heading', { name: 'Front page' }).hasAttribute('tabindex')).toBe(false);
  });

  it('moves to the new page’s heading, focusable by script only and marked for the quiet style', async () => {
    renderAt('/');
    await press('Ads');
    const heading = screen.getByRole('heading', { name: 'Ads' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(heading.hasAttribute('data-page-focus')).toBe(true);
  });

  it('stays on the control when only the query changes (a filter, the sort: the same page)', async () => {
    renderAt('/ads');
    await press('Ads by price');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Ads by price' }));
  });

  it('leaves the focus a page placed itself (the chat box after the first message)', async () => {
    renderAt('/');
    await press('Write');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('falls back to <main> on a page without a heading', async () => {
    renderAt('/');
    await press('Plain');
    expect(document.activeElement).toBe(document.getElementById('main'));
    expect(document.getElementById('main')!.getAttribute('tabindex')).toBe('-1');
  });

  it('moves again on going back', async () => {
    const router = renderAt('/');
    await press('Ads');
    await act(async () => router.navigate(-1));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Front page' }));
  });
});
