import { ArgsType, Field, InputType } from 'type-graphql';
import { EmailAddress } from '../infrastructure/text';

@ArgsType()
export class CustomerEmailArgs {
  @Field({ description: 'The customer’s email address, as they booked, posted or joined a waiting list with it.' })
  @EmailAddress(254)
  email: string;
}

@InputType({ description: 'The customer to erase, on their request.' })
export class EraseCustomerInput {
  @Field({ description: 'The customer’s email address.' })
  @EmailAddress(254)
  email: string;
}
