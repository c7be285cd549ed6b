// store.js: the page's copy of the public state, kept from the event
// stream. Pure: apply(state, name, data) returns the next state.

/** MAX_BOARDS bounds the finished boards the page keeps. */
export const MAX_BOARDS = 500;

/** initial is the state before the first snapshot. */
export function initial() {
  return { id: '', event: { state: 'connecting' }, tables: [], boards: [], older: 0, otherTables: 0, standings: null };
}

function boardKey(b) {
  return `${b.match}\u0000${b.board}`;
}

/**
 * apply takes one stream event ("snapshot", "event", "table", "board",
 * "standings") and returns the new state; unknown events change nothing.
 */
export function apply(state, name, data, id) {
  switch (name) {
    case 'snapshot':
      return {
        id: data.id,
        event: data.event,
        tables: data.tables || [],
        boards: data.boards || [],
        older: data.older_boards || 0,
        otherTables: data.other_tables || 0,
        standings: data.standings || null,
      };
    case 'event':
      return { ...state, id: id || state.id, event: data };
    case 'table': {
      const tables = state.tables.slice();
      const i = tables.findIndex((t) => t.table === data.table);
      if (i >= 0) tables[i] = data;
      else tables.push(data);
      return { ...state, id: id || state.id, tables };
    }
    case 'board': {
      const k = boardKey(data);
      let boards = state.boards.filter((b) => boardKey(b) !== k);
      boards.push(data);
      let older = state.older;
      if (boards.length > MAX_BOARDS) {
        older += boards.length - MAX_BOARDS;
        boards = boards.slice(boards.length - MAX_BOARDS);
      }
      return { ...state, id: id || state.id, boards, older };
    }
    case 'standings':
      return { ...state, id: id || state.id, standings: data };
    default:
      return state;
  }
}

/** playing returns the tables in play first, then the others, by name within each. */
export function tableOrder(tables) {
  const rank = (t) => (t.state === 'playing' ? 0 : t.state === 'waiting' ? 1 : 2);
  return tables.slice().sort((a, b) => rank(a) - rank(b) || a.table.localeCompare(b.table));
}
