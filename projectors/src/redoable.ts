/**
 * The write concern of every read-model write: acknowledged without waiting for the server's journal.
 * A crash of the server may lose the last of these writes, in the order they were made (PostgreSQL's WAL
 * and MongoDB's journal are both sequential), never the checkpoint without the data it covers: the
 * checkpoint is written journaled after that data, which makes everything before it durable too. What is
 * lost is then applied again from the event log: by the next run after a crash of the projectors, and by
 * the runner itself after a crash of the server, which it sees as a failed write or save (`rewind`). On the local FerretDB this saves a WAL flush per write
 * (infra/local/servers/ferretdb-patches/waived-journal.patch), which an ordered bulkWrite waited for once
 * per document.
 */
export const REDOABLE = { writeConcern: { journal: false } } as const;
