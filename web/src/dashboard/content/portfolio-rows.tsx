import {
  PORTFOLIO_LIMITS,
  type Portfolio,
  type PortfolioExpertise,
  type PortfolioSkill,
  type PortfolioTestimonial,
} from '../../../../core/portfolio/schema';
import { rowFocus } from '../forms/row-list';
import { RowsForm, type RowsSpec } from '../forms/rows-form';
import { Field } from './content-field';
import { IconCardFields } from './icon-card-fields';
import { useSavePortfolioPart } from './portfolio-api';

// A portfolio's lists edited as rows: skills (the public page's percentage bars), expertise
// cards and testimonials. Each is saved whole, checked by its part's core schema.

function PartRows<Item, Draft extends object>({
  portfolio,
  part,
  spec,
}: {
  portfolio: Portfolio;
  part: 'skills' | 'expertise' | 'testimonials';
  spec: RowsSpec<Item, Draft>;
}) {
  const editing = useSavePortfolioPart(portfolio.username, part);
  const titleId = `portfolio-${part}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="text-lg font-bold">
        {spec.title}
      </h3>
      <RowsForm
        spec={spec}
        saved={portfolio[part] as Item[]}
        headingLevel={4}
        savedMessage={`${spec.title} saved: the public page shows them now.`}
        saver={{
          problems: editing.problems,
          submit: (value) => editing.submit(value),
          clear: editing.clear,
          pending: editing.save.isPending,
          saved: editing.save.isSuccess,
        }}
      />
    </section>
  );
}

type SkillDraft = { name: string; level: string };

export function SkillsEditor({ portfolio }: { portfolio: Portfolio }) {
  return (
    <PartRows<PortfolioSkill, SkillDraft>
      portfolio={portfolio}
      part="skills"
      spec={{
        title: 'Skills',
        noun: 'skill',
        max: PORTFOLIO_LIMITS.skills,
        toDraft: (skill) => ({ name: skill.name, level: String(skill.level) }),
        fromDrafts: (drafts) =>
          drafts.map((draft) => ({
            name: draft.name,
            level: draft.level.trim() === '' ? Number.NaN : Number(draft.level),
          })),
        newDraft: () => ({ name: '', level: '80' }),
        firstField: 'name',
        renderRow: ({ row, update, errors, label }) => (
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <Field
              label={label('Name')}
              value={row.name}
              onChange={(name) => update({ name })}
              error={errors.name}
              focusKey={rowFocus(row.key, 'name')}
            />
            <Field
              label={label('Level (%)')}
              type="number"
              min={0}
              max={100}
              value={row.level}
              onChange={(level) => update({ level })}
              error={errors.level}
            />
          </div>
        ),
      }}
    />
  );
}

export function ExpertiseEditor({ portfolio }: { portfolio: Portfolio }) {
  return (
    <PartRows<PortfolioExpertise, PortfolioExpertise>
      portfolio={portfolio}
      part="expertise"
      spec={{
        title: 'Expertise',
        noun: 'card',
        max: 8,
        toDraft: (card) => ({ ...card }),
        fromDrafts: (drafts) =>
          drafts.map(({ icon, title, description }) => ({ icon, title, description })),
        newDraft: () => ({ icon: 'sparkles', title: '', description: '' }),
        firstField: 'title',
        renderRow: (row) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <IconCardFields {...row} />
          </div>
        ),
      }}
    />
  );
}

export function TestimonialsEditor({ portfolio }: { portfolio: Portfolio }) {
  return (
    <PartRows<PortfolioTestimonial, PortfolioTestimonial>
      portfolio={portfolio}
      part="testimonials"
      spec={{
        title: 'Testimonials',
        noun: 'testimonial',
        max: 12,
        toDraft: (item) => ({ ...item }),
        fromDrafts: (drafts) => drafts.map(({ name, role, content }) => ({ name, role, content })),
        newDraft: () => ({ name: '', role: '', content: '' }),
        firstField: 'name',
        renderRow: ({ row, update, errors, label }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={label('Name')}
              value={row.name}
              onChange={(name) => update({ name })}
              error={errors.name}
              focusKey={rowFocus(row.key, 'name')}
            />
            <Field
              label={label('Role')}
              hint="e.g. Owner of Liberty County RP"
              value={row.role}
              onChange={(role) => update({ role })}
              error={errors.role}
            />
            <div className="sm:col-span-2">
              <Field
                label={label('Testimonial')}
                rows={3}
                value={row.content}
                onChange={(content) => update({ content })}
                error={errors.content}
              />
            </div>
          </div>
        ),
      }}
    />
  );
}
