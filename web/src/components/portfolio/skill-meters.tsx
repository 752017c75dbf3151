import type { PortfolioResponse } from '../../../../core/portfolio/schema';

/** Percentage bars exposed as meters, so screen readers hear "TypeScript, 95%". */
export function SkillMeters({ skills }: { skills: PortfolioResponse['skills'] }) {
  return (
    <section
      aria-labelledby="skills"
      className="rounded-2xl border border-line bg-panel p-6 sm:p-8"
    >
      <h2 id="skills" className="text-2xl font-bold">
        Skills
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {skills.map((skill, index) => {
          const level = Math.min(100, Math.max(0, skill.level));
          const labelId = `skill-${index}`;
          return (
            <li key={skill.name}>
              <div className="mb-1.5 flex justify-between text-sm">
                <span id={labelId} className="font-medium">
                  {skill.name}
                </span>
                <span className="text-muted" aria-hidden="true">
                  {level}%
                </span>
              </div>
              <meter
                aria-labelledby={labelId}
                min={0}
                max={100}
                value={level}
                className="block h-2.5 w-full appearance-none overflow-hidden rounded-full bg-ink [&::-moz-meter-bar]:rounded-full [&::-moz-meter-bar]:bg-lavender [&::-webkit-meter-bar]:h-2.5 [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-ink [&::-webkit-meter-bar]:bg-none [&::-webkit-meter-optimum-value]:rounded-full [&::-webkit-meter-optimum-value]:bg-gradient-to-r [&::-webkit-meter-optimum-value]:from-lavender [&::-webkit-meter-optimum-value]:to-lavender-strong"
              >
                {level}%
              </meter>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
