import {
  type SearchKind,
  type SearchResult,
  searchPopoverResults,
  searchPrompt,
  searchPromptLength,
  searchResultRoute,
  searchResultsRoute,
} from '@lightpath/domain/search';

// What the header's search popover shows for the text typed so far (spec 2.5 and 9).
export type PopoverView = { state: 'prompt'; message: string } | { state: 'ready'; term: string };

export function popoverView(text: string): PopoverView {
  const term = text.trim();
  if (term.length < searchPromptLength) return { state: 'prompt', message: searchPrompt };
  return { state: 'ready', term };
}

export type PopoverOption = {
  // Combobox option value: 'result:<index>', 'more' or 'advanced'.
  value: string;
  to: string;
  kind?: SearchKind;
  label: string;
  detail?: string;
};

// '{n}+ more results' counts what the popover leaves out: everything past the first four.
export function moreResultsLabel(count: number): string | null {
  const more = count - searchPopoverResults;
  return more > 0 ? `${more}+ more results` : null;
}

export function popoverOptions(
  term: string,
  page: { count: number; results: SearchResult[] },
): PopoverOption[] {
  const resultsRoute = searchResultsRoute(term);
  const options: PopoverOption[] = page.results.slice(0, searchPopoverResults).map((result, index) => ({
    value: `result:${index}`,
    to: searchResultRoute(result),
    kind: result.kind,
    label: result.label,
    detail: result.detail,
  }));
  const more = moreResultsLabel(page.count);
  if (more) options.push({ value: 'more', to: resultsRoute, label: more });
  options.push({ value: 'advanced', to: resultsRoute, label: 'Advanced Search' });
  return options;
}
