// An experiment, not the app: fewer round trips in a MySQL/MariaDB transaction (round eighteen in
// docs/performance.md). Preloaded into the app by a bench, it turns on mysql2's multi-statement
// queries and holds back, on each pooled connection inside a transaction, the statements whose
// answer nobody reads (START TRANSACTION and the inserts of a booking's travellers, jobs,
// installments and mail), sending them in front of the next statement on that connection, in the
// same order, as one multi-statement query. A booking's twelve statements then take eight round trips.
//   BENCH_NODE_FLAGS="--max-semi-space-size=8 --require=$PWD/bench/write-behind-preload.cjs" node bench/booking-rush.mjs mysql
// An error of a held-back insert comes back from the statement it was sent with (the app's answer to
// that error may then be wrong): fit for measuring, not for production.
const path = require('node:path');

const mysql = require(require.resolve('mysql2', { paths: [path.join(__dirname, '../api')] }));
const DEFERRED = /^(START TRANSACTION$|INSERT INTO `(travellers|scheduled_jobs|mail_outbox|booking_installments)`)/;
const ENDS = /^(COMMIT|ROLLBACK)$/;
const OK = { fieldCount: 0, affectedRows: 1, insertId: 0, info: '', serverStatus: 0, warningStatus: 0, changedRows: 0 };

function holdBack(connection) {
  if (connection.writeBehind) return;
  connection.writeBehind = true;
  const query = connection.query;
  const pending = [];
  let inTransaction = false;
  connection.query = function (sql, values, callback) {
    if (typeof values === 'function') [callback, values] = [values, undefined];
    const text = typeof sql === 'string' ? sql : null;
    if (text === 'START TRANSACTION') inTransaction = true;
    if (text && callback && inTransaction && DEFERRED.test(text)) {
      pending.push([text, values ?? []]);
      process.nextTick(callback, null, { ...OK }, undefined);
      return undefined;
    }
    if (text && ENDS.test(text)) inTransaction = false;
    if (pending.length === 0) return callback ? query.call(this, sql, values, callback) : query.call(this, sql, values);
    if (!text || !callback) throw new Error('write-behind-preload: a held-back statement in front of a streamed or object query');
    const batch = pending.splice(0);
    return query.call(
      this,
      [...batch.map(([s]) => s), text].join(';\n'),
      [...batch.flatMap(([, v]) => v), ...(values ?? [])],
      (err, results, fields) => (err ? callback(err) : callback(null, results.at(-1), fields?.at(-1))),
    );
  };
}

const createPool = mysql.createPool;
mysql.createPool = function (options, ...rest) {
  const pool = createPool.call(this, { ...options, multipleStatements: true }, ...rest);
  const getConnection = pool.getConnection;
  pool.getConnection = function (callback) {
    return getConnection.call(this, (err, connection) => {
      if (connection) holdBack(connection);
      callback(err, connection);
    });
  };
  return pool;
};
