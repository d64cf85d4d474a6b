// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppStyles, AppStylesContext } from './app-styles';

// React's act() outside Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CSS = 'body{color:red}.card{display:grid}';

describe('the stylesheet in the head', () => {
  it('is written by the server render from the context', () => {
    const html = renderToString(
      <AppStylesContext.Provider value={CSS}>
        <AppStyles />
      </AppStylesContext.Provider>,
    );
    expect(html).toBe(`<style id="app-styles">${CSS}</style>`);
  });

  it('keeps the server’s stylesheet when the browser hydrates and renders again without it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <AppStylesContext.Provider value={CSS}>
        <AppStyles />
      </AppStylesContext.Provider>,
    );
    const errors: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <AppStyles />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('#app-styles')?.textContent).toBe(CSS);
    await act(async () => root.render(<AppStyles />));
    expect(container.querySelector('#app-styles')?.textContent).toBe(CSS);
    act(() => root.unmount());
  });
});
