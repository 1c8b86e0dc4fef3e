import { loadEnv } from '../config';
import { describeEventStoreContract } from './contract';
import { EventStoreDbEventStore } from './eventstoredb';

const { EVENTSTORE_CONNECTION_STRING } = loadEnv();

if (EVENTSTORE_CONNECTION_STRING) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore(EVENTSTORE_CONNECTION_STRING);
    // The contract names its streams per run, so there is nothing to drop but the connection.
    return {
      store,
      connectAnother: async () => new EventStoreDbEventStore(EVENTSTORE_CONNECTION_STRING),
      dispose: () => store.close(),
    };
  });
} else {
  describe.skip('EventStoreDB adapter (skipped: set EVENTSTORE_CONNECTION_STRING to run the contract against a server)', () => {
    it('passes the event store contract', () => undefined);
  });
}
