// The core journeys in WebKitGTK (Safari's engine), through WebKitWebDriver under Xvfb (tests/engines/journeys.ts).
import { describe } from 'vitest';
import { launchWebKit } from './drivers/webkit.ts';
import { coreJourneys } from './journeys.ts';
import { skipWithoutEngine } from './skip.ts';

describe.skipIf(skipWithoutEngine('webkit'))('core journeys in WebKitGTK', () => coreJourneys(launchWebKit));
