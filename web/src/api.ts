// The server's JSON API (docs/api.md), typed. The UI knows no rules: what may be
// done comes from `legal`, costs from the engine's `moves`, odds from its `odds`.

export interface ApiError {
  code: string;
  message: string;
  rule: string;
}

export class RequestError extends Error {
  constructor(public status: number, public error: ApiError) {
    super(error.message);
  }
}

export interface Scenario {
  id: string;
  name: string;
  first_turn: number;
  last_turn: number;
  summary: string;
}

export interface GameInfo {
  id: string;
  title: string;
  series: string;
  version: string;
  sides: string[];
  scenarios: Scenario[];
}

export interface MapHex {
  id: string; // printed hex ID
  x: number; // centre; neighbouring centres are 1 apart, y grows south
  y: number;
  terrain: string[];
  sides?: Record<string, string[]>; // direction (0..5) -> hexside features
  place?: string;
  vp?: number; // victory points the hex is worth (the game's VP list)
}

export interface MapInfo {
  orientation: "flat" | "pointy";
  directions: [number, number][]; // centre-to-neighbour vector of each direction
  terrain: string[];
  side_features: string[];
  hexes: MapHex[];
}

export interface ValueCell {
  value: number;
  source: { kind: string; note: string };
}

export interface UnitDef {
  id: string;
  name: string;
  side: number;
  nationality: string;
  formation: string;
  type: string;
  size: string;
  move_class: string;
  symbol: string;
  steps: number;
  values: ValueCell[][]; // [steps lost][value index]
}

export interface Catalog extends GameInfo {
  map: MapInfo;
  value_names: string[];
  units: UnitDef[];
}

export interface Action {
  type: string;
  unit?: string;
  hex?: string;
  arg?: number;
}

export interface LogEvent {
  kind: string;
  text: string;
  data?: unknown;
}

export interface UnitState {
  id: string;
  where: string;
  hex?: string;
  steps_lost: number;
  flags: string[];
}

export interface GameState {
  turn: number;
  over: boolean;
  units: UnitState[];
  hex_markers: { hex: string; kind: string; value: number }[];
  [key: string]: unknown;
}

export interface SeatInfo {
  side: number;
  name: string;
  kind: "human" | "ai";
}

export interface View {
  id: number;
  game: string;
  scenario: string;
  seat: SeatInfo | null; // the requesting seat; null for a spectator
  seats: SeatInfo[];
  to_act: number; // -1 when over
  prompt: { side: number; phase: string; text: string };
  state: GameState;
  legal: Action[]; // empty unless the requesting seat is to act
  log: LogEvent[];
  can_undo: boolean;
  entries: number;
  over: boolean;
  outcome: Record<string, unknown> | null;
  ai_thinking?: boolean; // an AI seat is to act and plays in the background
  ai_error?: string | null; // why an AI seat stopped
}

export interface GameSummary {
  id: number;
  game: string;
  title: string;
  scenario: string;
  created: string;
  updated: string;
  turn: number;
  over: boolean;
  seats: SeatInfo[];
}

export interface CreatedGame {
  id: number;
  seats: (SeatInfo & { token: string })[];
}

export interface Reach {
  hex: string;
  cost: number;
  from: string;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new RequestError(res.status, data.error);
  return data as T;
}

const q = encodeURIComponent;

export const api = {
  catalog: () => call<{ games: GameInfo[] }>("GET", "/api/catalog"),
  game: (game: string) => call<Catalog>("GET", `/api/catalog/${q(game)}`),
  games: () => call<{ games: GameSummary[] }>("GET", "/api/games"),
  create: (game: string, scenario: string, seed: number | undefined, seats: string[]) =>
    call<CreatedGame>("POST", "/api/games", { game, scenario, seed, seats }),
  upload: (record: unknown, seats: string[]) => call<CreatedGame>("POST", "/api/games", { record, seats }),
  view: (id: number, token: string) => call<View>("GET", `/api/games/${id}?token=${q(token)}`),
  replay: (id: number, at: number) => call<View>("GET", `/api/games/${id}/replay?at=${at}`),
  act: (id: number, token: string, action: Action) =>
    call<{ events: LogEvent[]; view: View }>("POST", `/api/games/${id}/actions?token=${q(token)}`, { action }),
  undo: (id: number, token: string) => call<View>("POST", `/api/games/${id}/undo?token=${q(token)}`),
  moves: (id: number, unit: string) => call<{ moves: Reach[] }>("GET", `/api/games/${id}/moves?unit=${q(unit)}`),
  odds: (id: number, attackers: string[], defender: string) =>
    call<Record<string, unknown>>("POST", `/api/games/${id}/odds`, { attackers, defender }),
  recordUrl: (id: number) => `/api/games/${id}/record`,
};

// Seat tokens this browser holds, by game id: the links that opened or created them.
export const tokens = {
  all(): Record<string, Record<string, string>> {
    try {
      return JSON.parse(localStorage.getItem("hexfront.tokens") || "{}");
    } catch {
      return {};
    }
  },
  forGame(id: number): Record<string, string> {
    return this.all()[String(id)] || {};
  },
  remember(id: number, side: number, token: string) {
    const all = this.all();
    all[String(id)] = { ...(all[String(id)] || {}), [String(side)]: token };
    localStorage.setItem("hexfront.tokens", JSON.stringify(all));
  },
};
