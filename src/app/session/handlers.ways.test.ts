import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../stores/connectionStore";
import { capabilitiesFromModes, waysOptions } from "./handlers";

describe("settings for sampling with tools and a standing roots list", () => {
  it("declares sampling.tools and roots.listChanged only when asked", () => {
    const modes = DEFAULT_SETTINGS.capabilities;
    expect(capabilitiesFromModes(modes)).toMatchObject({ sampling: {}, roots: {} });
    expect(capabilitiesFromModes(modes, { samplingTools: true, rootsListChanged: true })).toMatchObject({ sampling: { tools: {} }, roots: { listChanged: true } });
    expect(capabilitiesFromModes({ ...modes, sampling: "off", roots: "off" }, { samplingTools: true, rootsListChanged: true })).not.toHaveProperty("sampling");
  });

  it("passes the options to the client only when the capability is handled", () => {
    const list = [{ uri: "file:///work", name: "work" }];
    const on = { ...DEFAULT_SETTINGS, samplingTools: true, standingRoots: { on: true, list, askEachTime: true } };
    expect(waysOptions(on)).toEqual({ samplingTools: true, roots: { list, askEachTime: true } });
    expect(waysOptions(DEFAULT_SETTINGS)).toEqual({});
    expect(waysOptions({ ...on, standingRoots: { on: false, list, askEachTime: false } })).toEqual({ samplingTools: true });
    expect(waysOptions({ ...on, capabilities: { ...on.capabilities, sampling: "declared", roots: "off" } })).toEqual({});
  });
});
