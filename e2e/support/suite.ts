import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startProduct, type Product } from './product';
import { ApiSession } from './world';

/** The product and the browser a test file runs against, started once for the file. */
export interface ProductInBrowser {
  readonly product: Product;
  readonly browser: Browser;
}

/** A demo account the file's API session logs in as (`DEMO_ADMIN`, `DEMO_AGENT`). */
interface Account {
  email: string;
  password: string;
}

/**
 * Starts the product (its production build, docs/testing.md) and a Chromium before the file's tests and stops both
 * after them; with `apiAs`, also an API session of that account for building the tests' worlds. The fields are
 * there from the file's first test on (reading them earlier throws).
 */
export function productInBrowser(): ProductInBrowser;
export function productInBrowser(options: {
  apiAs: Account;
}): ProductInBrowser & { readonly api: ApiSession };
export function productInBrowser(
  options: { apiAs?: Account } = {},
): ProductInBrowser & { readonly api: ApiSession } {
  let product: Product | undefined;
  let browser: Browser | undefined;
  let api: ApiSession | undefined;
  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    if (options.apiAs)
      api = await ApiSession.login(product.baseUrl, options.apiAs.email, options.apiAs.password);
  });
  after(async () => {
    await browser?.close();
    await product?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} : pas encore démarré (lisez-le dans un test).`);
    return value;
  };
  return {
    get product() {
      return started(product, 'produit');
    },
    get browser() {
      return started(browser, 'navigateur');
    },
    get api() {
      return started(api, 'session API');
    },
  };
}
