// tinwar command: placeholder until the CLI lands.
#include <stdio.h>
#include "tinwar/tinwar.h"
int main(void)
{
	printf("tinwar %s\n", TW_VERSION_STRING);
	return 0;
}
