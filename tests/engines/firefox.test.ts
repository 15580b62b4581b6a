// The core journeys in Firefox ESR, driven through WebDriver BiDi (tests/engines/journeys.ts).
import { describe } from 'vitest';
import { launchFirefox } from './drivers/firefox.ts';
import { coreJourneys } from './journeys.ts';
import { skipWithoutEngine } from './skip.ts';

describe.skipIf(skipWithoutEngine('firefox'))('core journeys in Firefox ESR', () => coreJourneys(launchFirefox));
