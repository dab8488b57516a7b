import { render, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { defaultServices, ServicesProvider, type Services } from '../../src/app/services';
import { i18n, initI18n } from '../../src/lib/i18n/i18n';
import type { Language, Namespace } from '../../src/lib/i18n/languages';

type Options = {
  /** The UI language (default English). */
  language?: Language;
  /** Translation bundles the component needs, loaded before it renders. */
  namespaces?: Namespace[];
  /** The initial location, e.g. '/buy-esim'. */
  route?: string;
  /** Route pattern the element is mounted at (default '*'). */
  path?: string;
  /** Services replacing the app's defaults (e.g. apiServices(API): the shop with its server). */
  services?: Partial<Services>;
};

/** Renders with the real i18n (bundles loaded first), the services and a memory router. */
export async function renderWithProviders(
  ui: ReactElement,
  options: Options = {},
): Promise<RenderResult> {
  await initI18n(options.language ?? 'en');
  await i18n.changeLanguage(options.language ?? 'en');
  await i18n.loadNamespaces(['common', ...(options.namespaces ?? [])]);
  return render(
    <ServicesProvider services={{ ...defaultServices, ...options.services }}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={options.path ?? '*'} element={ui} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </ServicesProvider>,
  );
}
