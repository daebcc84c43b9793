/**
 * Node, plus the name of the journey that just failed (`globalThis.__journeyFailed`), so that the
 * journeys' afterEach (jest/setupE2e.ts) can say what the browser showed when it failed: a CI log is
 * all a failure in CI leaves.
 */
const { TestEnvironment } = require('jest-environment-node');

class JourneyEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__journeyFailed = null;
    if (event.name === 'test_fn_failure') this.global.__journeyFailed = event.test.name;
  }
}

module.exports = JourneyEnvironment;
