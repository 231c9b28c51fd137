/**
 * Jest's setup for the client's unit tests: the words in English before any test runs, as a page
 * loads its language before drawing (see i18n.ts; no language is bundled).
 */
import { applyLanguage } from './i18n';

beforeAll(() => applyLanguage('en'));
