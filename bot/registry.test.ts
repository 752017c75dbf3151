import { describe, expect, it } from 'vitest';
import { indexModules } from './dispatcher';
import { registry } from './registry';

describe('the module registry', () => {
  it('has no two modules answering the same interaction', () => {
    expect(() => indexModules(registry)).not.toThrow();
  });

  it("keeps every command within Discord's rules for names and descriptions", () => {
    for (const { data } of registry.commands) {
      expect(data.name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
      expect(data.description.length).toBeGreaterThan(0);
      expect(data.description.length).toBeLessThanOrEqual(100);
      expect(data.options?.length ?? 0).toBeLessThanOrEqual(25);
    }
    expect(registry.commands.map((command) => command.data.name)).toContain('tax');
  });

  it('guards the application buttons with the lead and executive roles', () => {
    const application = registry.buttons.find((button) => button.customIdPrefix === 'application');
    expect(application?.access).toEqual({ roles: ['lead', 'executive'] });
  });
});
