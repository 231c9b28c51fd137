import { mangoku } from '@samurai/shared';
import { fill, h } from '../../../ui/dom';
import { seatMark, SeatLook } from '../../../ui/seat-look';
import { PromptModel, promptTitle, secondsLeft } from '../model/prompt';
import { capitalised, list, Wording } from '../model/words';
import { language, t } from '../../../i18n/i18n';

/**
 * The prompt: a card's effect is about to reach some players. Those asked see the same answers in
 * the same places, whatever they hold, and a countdown; the rest see whom it waits for. With no
 * deadline (a lesson: the prompt waits for you) there is no countdown, and no word of a time running out.
 */
export class PromptPanel {
  readonly el: HTMLElement;
  private readonly title: HTMLElement;
  private readonly headline: HTMLElement;
  private readonly seconds: HTMLElement;
  private readonly countdown: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly answers: HTMLElement;
  private readonly note: HTMLElement;
  private model: PromptModel | null = null;
  private deadline: number | null = null;
  private renderedKey = '';

  constructor(private readonly onAnswer: (answer: mangoku.Answer) => void) {
    this.title = h('h2', { class: 'mk-prompt-title' });
    this.headline = h('p', { class: 'mk-prompt-headline', dataset: { testid: 'prompt-headline' } });
    this.seconds = h('span', { class: 'mk-seconds', dataset: { testid: 'prompt-seconds' } });
    this.bar = h('span', { class: 'mk-countdown-fill' });
    this.answers = h('div', { class: 'mk-answers', role: 'group' });
    this.note = h('p', { class: 'mk-prompt-note', dataset: { testid: 'prompt-note' } });
    this.countdown = h('div', { class: 'mk-countdown', 'aria-hidden': 'true' }, h('span', { class: 'mk-countdown-track' }, this.bar), this.seconds);
    this.el = h(
      'section',
      { class: 'mk-prompt', hidden: true, 'aria-live': 'assertive', dataset: { testid: 'prompt' } },
      this.title,
      this.headline,
      this.countdown,
      this.answers,
      this.note,
    );
  }

  update(model: PromptModel | null, deadline: number | null, pending: boolean, w: Wording, looks: readonly SeatLook[]): void {
    this.model = model;
    this.deadline = deadline;
    // Only those still to answer see the panel; everyone else reads the banner (and its countdown).
    const open = Boolean(model?.youAreAsked && model.yourAnswer === null);
    this.el.hidden = !open;
    if (!model || !open) {
      this.renderedKey = '';
      fill(this.answers);
      return;
    }
    const key = JSON.stringify([language(), model, pending, deadline === null]);
    if (key === this.renderedKey) return;
    this.renderedKey = key;
    this.answers.setAttribute('aria-label', t('mangoku.promptPanel.yourAnswer'));
    fill(
      this.title,
      looks[model.by] ? seatMark(looks[model.by], 22) : null,
      promptTitle(model),
      model.attack ? h('span', { class: 'mk-btl-badge', text: `${model.btl} BTL` }) : null,
    );
    this.headline.textContent = model.headline;
    fill(
      this.answers,
      model.choices.map((choice) =>
        h(
          'button',
          {
            type: 'button',
            class: `mk-answer${choice.answer === 'defend' || choice.answer === 'accept' ? ' primary' : ''}`,
            disabled: pending || !choice.enabled,
            title: `${choice.detail} (${choice.key.toUpperCase()})`,
            dataset: { testid: 'answer', answer: choice.answer, enabled: String(choice.enabled) },
            on: { click: () => this.onAnswer(choice.answer) },
          },
          h('span', { class: 'mk-answer-label' }, choice.label, h('kbd', { text: choice.key.toUpperCase() })),
          h('span', { class: 'mk-answer-detail', text: choice.detail }),
        ),
      ),
    );
    this.answers.hidden = model.choices.length === 0;
    const others = model.seats.filter((s) => s !== w.viewer);
    const askedToo = others.length ? t('mangoku.promptPanel.askedToo', { names: capitalised(list(w, others)), count: others.length }) : '';
    const timeout = deadline === null ? '' : t(model.attack ? 'mangoku.promptPanel.timeoutDefend' : 'mangoku.promptPanel.timeoutAccept');
    this.note.textContent = pending ? t('mangoku.promptPanel.sending') : `${askedToo}${timeout}`.trim();
    // Nothing to say (a lesson's prompt: nobody else asked, no time limit): no empty line.
    this.note.hidden = this.note.textContent === '';
    this.countdown.hidden = deadline === null;
    this.tick(Date.now());
  }

  /** The countdown. */
  tick(now: number): void {
    if (!this.model) return;
    const left = secondsLeft(this.deadline, now);
    this.seconds.textContent = this.deadline === null ? '' : t('mangoku.promptPanel.secondsLeft', { seconds: left });
    const share = this.deadline === null ? 1 : Math.max(0, Math.min(1, (this.deadline - now) / (this.model.seconds * 1000)));
    this.bar.style.width = `${(share * 100).toFixed(1)}%`;
    this.el.classList.toggle('hurry', left <= 5);
  }

  /** A key pressed while the prompt waits for you: true when it answered. */
  /** Outlines the answer a hint gives (null: none). */
  markHint(answer: mangoku.Answer | null): void {
    for (const b of this.answers.querySelectorAll<HTMLElement>('[data-testid=answer]')) b.classList.toggle('hinted', b.dataset.answer === answer);
  }

  answerByKey(key: string, pending: boolean): boolean {
    const model = this.model;
    if (!model || !model.youAreAsked || model.yourAnswer !== null || pending) return false;
    const choice = model.choices.find((c) => c.key === key.toLowerCase() && c.enabled);
    if (!choice) return false;
    this.onAnswer(choice.answer);
    return true;
  }
}
