// The games' states import the stack from here; it lives with the other reaches into the library.
export { StackArraySchema } from '../library-reach/StackArraySchema';
