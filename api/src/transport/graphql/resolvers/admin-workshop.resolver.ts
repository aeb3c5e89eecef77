import { Arg, Args, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import type { WorkshopEditor } from '../../../admin/workshop-editor.service';
import { AdminWorkshopsArgs, ArchiveWorkshopInput, CreateWorkshopInput, ProposedRun, ProposedRunArgs, ScheduleWorkshopAgainInput, UpdateWorkshopInput } from '../../../admin/workshop-editor.input';
import { AdminWorkshopPage, AdminWorkshopPayload } from '../../../admin/admin.types';

/** The admin's calendar (docs/decisions/059): every operation needs the admin credential. */
@Resolver()
export class AdminWorkshopResolver {
  constructor(private readonly editor: WorkshopEditor) {}

  @Authorized()
  @Query(() => AdminWorkshopPage, { description: 'Admin: every workshop, archived ones included, one page at a time, newest first (pass nextCursor back as cursor for older runs).' })
  adminWorkshops(@Args() args: AdminWorkshopsArgs): Promise<AdminWorkshopPage> {
    return this.editor.page(args);
  }

  @Authorized()
  @Mutation(() => AdminWorkshopPayload, {
    description: 'Admin: add a workshop. BAD_USER_INPUT names each bad field (dates in the past, minimum above capacity...); WORKSHOP_ID_TAKEN naming id.',
  })
  async createWorkshop(@Arg('input') input: CreateWorkshopInput): Promise<AdminWorkshopPayload> {
    return { workshop: await this.editor.createOrThrow(input) };
  }

  @Authorized()
  @Mutation(() => AdminWorkshopPayload, {
    description: 'Admin: change a workshop. Capacity never goes below the spots already taken (CAPACITY_BELOW_CLAIMED naming capacity, a 422 like BAD_USER_INPUT); existing bookings keep their prices.',
  })
  async updateWorkshop(@Arg('input') input: UpdateWorkshopInput): Promise<AdminWorkshopPayload> {
    return { workshop: await this.editor.updateOrThrow(input) };
  }

  @Authorized()
  @Query(() => ProposedRun, { description: 'Admin: what "Schedule again" proposes: the run a year later under the first free id (e.g. zion-canyon-light-2027, else zion-canyon-light-2027-2). NOT_FOUND for an unknown source.' })
  adminProposedRun(@Args() { sourceId }: ProposedRunArgs): Promise<ProposedRun> {
    return this.editor.proposeNextRunOrThrow(sourceId);
  }

  @Authorized()
  @Mutation(() => AdminWorkshopPayload, { description: 'Admin: "Schedule again": copy a workshop to new dates under a new id, every spot free. WORKSHOP_ID_TAKEN naming id.' })
  async scheduleWorkshopAgain(@Arg('input') input: ScheduleWorkshopAgainInput): Promise<AdminWorkshopPayload> {
    return { workshop: await this.editor.scheduleAgainOrThrow(input) };
  }

  @Authorized()
  @Mutation(() => AdminWorkshopPayload, {
    description: 'Admin: archive a workshop that has started (hidden from the lists, still reachable by id), or bring it back with archived: false. WORKSHOP_NOT_STARTED naming workshopId for one that has not started.',
  })
  async archiveWorkshop(@Arg('input') input: ArchiveWorkshopInput): Promise<AdminWorkshopPayload> {
    return { workshop: await this.editor.setArchivedOrThrow(input.workshopId, input.archived) };
  }
}
