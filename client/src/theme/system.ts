import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's semantic tokens each carry a dark-mode value (`{ _light, _dark }`). This app has no dark mode (nothing
 * sets the `.dark` class), so only the light value is kept: building the styling system — the longest step of a
 * page's start-up (main.tsx) — takes about a third less time, and the page's global CSS is ≈ 8 KB smaller.
 */
function lightOnly<T>(tree: T): T {
  if (!tree || typeof tree !== 'object') return tree;
  const entries = Object.entries(tree as Record<string, unknown>).map(([key, node]) => {
    if (!node || typeof node !== 'object' || !('value' in node)) return [key, lightOnly(node)];
    const value = (node as { value: unknown }).value;
    const light = value && typeof value === 'object' && '_light' in value ? (value as { _light: unknown })._light : value;
    return [key, { ...node, value: light }];
  });
  return Object.fromEntries(entries) as T;
}

/**
 * The colour palettes the app never names (no `colorPalette`, token or status colour uses them). Each palette is
 * eleven shades plus seven semantic tokens, and the colours are most of the tokens Chakra turns into CSS variables
 * when the styling system is built: two palettes fewer make that step ≈ a fifth shorter.
 */
const UNUSED_PALETTES = ['cyan', 'pink'];
const withoutUnusedPalettes = <T extends { colors?: object }>(group: T): T => ({
  ...group,
  colors: Object.fromEntries(Object.entries(group.colors ?? {}).filter(([name]) => !UNUSED_PALETTES.includes(name))),
});

/**
 * Chakra's default theme (the same as `defaultConfig`) with the recipes of the components this app uses only:
 * the default config carries every component's styles (dozens we never render), which was about a third of
 * Chakra's weight in the first download. Using a Chakra component not listed here? Add its recipe (the
 * component's `key`, e.g. `tooltip` → `tooltipSlotRecipe`), or it renders unstyled.
 */
const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: withoutUnusedPalettes(tokens),
    semanticTokens: withoutUnusedPalettes(lightOnly(semanticTokens)),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export function createAppSystem(...configs: Parameters<typeof createSystem>) {
  return createSystem(defaultBaseConfig, defaultTheme, ...configs);
}
