import type { DirectionFilter, FrameFilter, SourceFilter } from "../utils/filterFrames";

/** Text, direction and list-call filters for the wire log. */
export function WireToolbar({ filter, onChange }: { filter: FrameFilter; onChange: (f: FrameFilter) => void }) {
  return (
    <div className="wire-toolbar" role="search">
      <input
        type="search"
        aria-label="Filter frames"
        placeholder="filter: method or raw text"
        value={filter.text}
        onChange={(e) => onChange({ ...filter, text: e.target.value })}
      />
      <select aria-label="Direction" value={filter.direction} onChange={(e) => onChange({ ...filter, direction: e.target.value as DirectionFilter })}>
        <option value="all">both ways</option>
        <option value="out">→ sent</option>
        <option value="in">← received</option>
      </select>
      <select aria-label="Source" value={filter.source} onChange={(e) => onChange({ ...filter, source: e.target.value as SourceFilter })}>
        <option value="all">server and apps</option>
        <option value="server">server only</option>
        <option value="apps">apps only</option>
      </select>
      <label className="field inline">
        <input type="checkbox" checked={filter.hideLists} onChange={(e) => onChange({ ...filter, hideLists: e.target.checked })} />
        hide list calls
      </label>
    </div>
  );
}
