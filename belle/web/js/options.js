// Game options as players read them (issue 16 item 4): each option's help, keyed by game
// and option name. The registry's own help text (GameInfo) is written for developers and
// cites rule numbers ("(PC-58)", "G-8 house rule"); it never reaches a page. A test
// (tests/web/test_option_texts.py) fails when an option of the registry has no entry here.
import { t, tData } from "./i18n.js";
import { withoutRuleIds } from "./moves.js";

const HELP = {
  paris: {
    random_setup: () => t("Variant set-up: gold beside the value-8 spaces, the other tokens shuffled; bonus tiles shuffled within zones A, B and C."),
    free_districts: () => t("Free district placement: no tile is removed; a drawn tile goes on a free space of its value in any district without a building of its type."),
    rules_version: () => t("Belle's edition of these rules: 9 is today's; 8 replays games recorded before bonus tile 22 was lowered from 6 to 5 VP; 7 replays games recorded before the VP tiles were flattened to at most 12, 8 and 4 points and the end-game tiles' points evened out to 5 or 6 and bonus tiles 25, 26 and 28 paid 1 VP less per district or building; 6 replays games recorded before every token sold for 1 franc and the largest VP tiles were lowered to 14, 7 and 4 points; 5 replays games recorded before the largest VP tiles were lowered to 16, 8 and 4 points; 4 replays games recorded before the VP tiles were lowered by one step; 3 replays games recorded before three end-game tiles paid points instead of francs; 2 replays games recorded before the VP tiles were raised by half and tokens sold for less; 1 replays games recorded before landmarks cost marble and gold."),
  },
  paris_connection: {
    house_tie_break: () => t("House rule for ties: on equal points, fewer shares over the limit wins, then more shares. Off: tied players share the win."),
    rules_version: () => t("Belle's edition of these rules: 3 is today's; 2 replays games recorded before ten rounds of one-for-one trades ended a game; 1 replays games recorded before the start colours were drawn at random."),
  },
  city_of_light: {
    postcards: () => t("Which 8 postcards play: the first-game set, 8 at random from the base game, from the base game and the Eiffel expansion, from the base game and the promos, or from all three, or the list below."),
    postcard_list: () => t("The 8 postcards when “{choice}” is chosen above.", { choice: choiceWord("city_of_light", "postcards", "list") }),
    start_player: () => t("Who starts phase 1: chosen at random, or the loser of the last game."),
    variants: () => t("Other readings of rules the rulebook leaves open; none by default."),
    invented_cards: () => t("Also play with 4 postcards Belle invented for the base-game cards whose printed text is not known; they are named “(invented card)”."),
    rules_version: () => t("Belle's edition of these rules: 3 is today's; 2 replays games recorded before an Arc de Triomphe away from your buildings stopped counting as a group of buildings and before a streetlight under the Eiffel Tower counted twice for Le Peintre; 1 replays games recorded before free streetlights counted for Le Penseur."),
  },
  paris_paris: {
    dm: () => t("At the end all five lines are scored as big excursions, instead of the secret lines."),
    readings: () => t("Other readings of rules the rulebook leaves open; none by default."),
    rules_version: () => t("Belle's edition of these rules: 2 is today's; 1 replays games recorded on Belle's first map of the bus lines."),
  },
  bruxelles_1893: {
    expert_strips: () => t("Play the Art Nouveau strips on their expert side: a column may repeat an action or lack one."),
    first_game_compass: () => t("First-game compass: the six compass tiles in a fixed order instead of at random."),
    rules_version: () => t("Belle's edition of these rules: 4 is today's; 3 replays games recorded before a pile of works of art was rebuilt the moment it ran out; 2 replays games recorded before the masterpiece scored 4 VP per tile; 1 replays games recorded before public figures you could pay had to be paid."),
  },
};

/** The games and option names this catalogue covers (for tests). */
export const COVERED = Object.fromEntries(Object.entries(HELP).map(([game, options]) => [game, Object.keys(options)]));

/** An option's help in the reader's language. */
export function optionHelp(game, spec) {
  const own = HELP[game] && HELP[game][spec.name];
  if (own) return own();
  return spec.help ? withoutRuleIds(tData(spec.help)) : "";
}

/** An option's name or one of its values as shown: words, translated when the catalogue
 * has them (belle/i18n/extract.py collects them from the registry). */
export function optionWord(word) {
  return tData(String(word).replaceAll("_", " "));
}

// Each game's labels of choices whose names do not read as words (OptionSpec.labels:
// postcards' codes, "random_eiffel"), learnt from GET /api/games (api.js).
const LABELS = new Map();

/** Keep the choices' labels of `games` (the registry's, as /api/games sends them). */
export function learnLabels(games) {
  for (const game of games || []) {
    LABELS.set(game.id, Object.fromEntries((game.options || []).map((spec) => [spec.name, spec.labels || {}])));
  }
}

/** A choice of `game`'s `option` as shown: its label, or its name, in words. */
export function choiceWord(game, option, choice) {
  const label = LABELS.get(game)?.[option]?.[choice];
  return label ? tData(label) : optionWord(choice);
}

/** A table's options as one line: "free districts · start player: random" (with
 * `all`, every option, "dm: on", "variants: none" included). */
export function optionsLine(game, options, { all = false } = {}) {
  const value = (k, v) => (v === true ? t("on") : v === false ? t("off")
    : Array.isArray(v) ? v.map((c) => choiceWord(game, k, c)).join(", ") || t("none")
    : typeof v === "string" ? choiceWord(game, k, v) : optionWord(v));
  return Object.entries(options || {})
    .filter(([, v]) => all || (v !== false && !(Array.isArray(v) && !v.length)))
    .map(([k, v]) => (v === true && !all ? optionWord(k) : `${optionWord(k)}: ${value(k, v)}`))
    .join(" · ");
}
