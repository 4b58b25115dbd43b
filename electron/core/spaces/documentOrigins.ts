/**
 * Who made a change to a shared document, as its Yjs transaction's origin: this machine's own edit
 * (stored as pending until the server acknowledges it), or an update read back from this machine's
 * store when the document opens. Anything else came from the server.
 */
export const LOCAL_ORIGIN = Symbol('a change made on this machine');
export const STORED_ORIGIN = Symbol('updates read back from this machine');
